// /embed/<link> (嵌入目录's first screen): the catalogue's models of the session's VIN. One goes straight on to
// its group tree, several offer the VIN search's choice, none says so.
import type { CarInfo } from '@epc/shared'
import { useQuery } from '@tanstack/react-query'
import { Card, Empty, Skeleton } from 'antd'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { useEmbed } from '../../../lib/embed'
import { partsFilterUrl, VinAnswerCard, vinQueryOptions } from '../../catalogue'

export default function EmbedLandingPage() {
  const vin = useEmbed((s) => s.session?.Vin ?? '')
  // Every look-up is an item charged to the customer: the session's one VIN is asked once per page.
  const answer = useQuery({
    ...vinQueryOptions(vin),
    enabled: vin !== '',
    staleTime: Number.POSITIVE_INFINITY,
  })
  const navigate = useNavigate()
  const data = answer.data
  const only = data?.status === 'one' ? data.models[0] : undefined
  const open = (model: CarInfo) => navigate(partsFilterUrl({ modelCode: model.ModelId, vin, fromType: 1 }))

  useEffect(() => {
    // In the history's place of this screen, so Back from the group tree does not bounce forward again.
    if (only) navigate(partsFilterUrl({ modelCode: only.ModelId, vin, fromType: 1 }), { replace: true })
  }, [only, vin, navigate])

  return (
    <div style={{ maxWidth: 1100, margin: '16px auto', padding: '0 16px' }}>
      <Card title="查询结果" data-testid="embed-answer">
        {answer.isLoading || only ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : data?.status === 'several' ? (
          <VinAnswerCard answer={data} onOpen={open} />
        ) : (
          <Empty description="抱歉，暂无数据" />
        )}
      </Card>
    </div>
  )
}
