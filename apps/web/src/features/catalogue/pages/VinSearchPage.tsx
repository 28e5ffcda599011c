// /vinSearch (VIN查询): the VIN box (F1, Enter), instant local decoding, the catalogue's answer (one model
// continues to its group tree, several offer a choice, none says so), the account's recent and the demo VINs.
import type { CarInfo } from '@epc/shared'
import { decodeVin, VinMessages } from '@epc/shared'
import { useQueryClient } from '@tanstack/react-query'
import type { InputRef } from 'antd'
import { Card, Empty, Skeleton, Spin, Typography } from 'antd'
import { useEffect, useRef } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { feedback } from '../../../lib/feedback'
import { useShortcut } from '../../../lib/keyboard'
import { LoadFailed } from '../../../lib/load-failed'
import { refreshAfterChange } from '../../../lib/refresh'
import { rememberResult } from '../../../lib/search-memory'
import { useDraft } from '../../../lib/use-draft'
import { groupTreeQuery } from '../api/group-tree'
import { catalogueKeys } from '../api/keys'
import { useVinHistory } from '../api/vin-history'
import { useVinQuery, vinQueryOptions } from '../api/vin-query'
import { VinAnswerCard } from '../components/VinAnswerCard'
import { VinDecodingCard } from '../components/VinDecodingCard'
import { VinInput } from '../components/VinInput'
import { partsFilterUrl } from '../links'
import styles from './VinSearchPage.module.css'

const mono = { fontFamily: 'Menlo, Consolas, monospace' }

function timeOf(ms: number): string {
  const d = new Date(ms)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`
}

export default function VinSearchPage() {
  const [params, setParams] = useSearchParams()
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const urlVin = params.get('vin')
  const queried = urlVin && decodeVin(urlVin).valid ? decodeVin(urlVin).vin : null
  // The box follows a VIN arriving through the URL (the header's return to the last result).
  const [vin, setVin] = useDraft(urlVin ?? '', Boolean)
  // The VIN asked for last: an older answer arriving late does not navigate, nor one for a VIN the clerk has
  // since typed over (it would take them away from what they are typing).
  const asked = useRef<string | null>(null)
  const inputRef = useRef<InputRef>(null)
  const answer = useVinQuery(queried)
  const history = useVinHistory()
  const decoding = decodeVin(vin)

  useShortcut('F1', () => inputRef.current?.focus({ cursor: 'end', preventScroll: true }))

  const edit = (next: string) => {
    setVin(next)
    if (next !== asked.current) asked.current = null
  }

  const open = (model: CarInfo) =>
    navigate(partsFilterUrl({ modelCode: model.ModelId, vin: queried, fromType: 1 }))

  // An answer on screen is the last result of the VIN search; the query also added it to the history.
  const data = answer.data
  useEffect(() => {
    if (!data || data.vinCode !== queried) return
    rememberResult(1, pathname + search)
    void refreshAfterChange(queryClient, catalogueKeys.vinHistory())
  }, [data, queried, pathname, search, queryClient])

  // Only a VIN the user asks for here continues by itself to its one model; one restored from the URL
  // (reload, Back from the group tree) shows its answer and waits, or Back would bounce straight forward.
  const submit = async (value = vin) => {
    const result = decodeVin(value)
    if (!result.valid) {
      feedback.warning(result.errors[0] ?? VinMessages.length)
      return
    }
    setVin(result.vin)
    asked.current = result.vin
    const again = result.vin === queried
    if (!again) setParams({ vin: result.vin }, { replace: true })
    // The VIN already on screen is asked again, not answered from the cache.
    const options = vinQueryOptions(result.vin)
    const answering = queryClient.fetchQuery(again ? { ...options, staleTime: 0 } : options).catch(() => null)
    // The group tree's screen loads its code while the catalogue answers, not after the answer.
    void import('./PartsFilterPage')
    const found = await answering
    const only = found?.models[0]
    if (!found || !only || found.status !== 'one' || asked.current !== result.vin) return
    // A wrong check digit may mean a mistyped VIN: the clerk sees the warning and continues by hand.
    if (found.decode.checkDigitValid !== false) {
      // The group tree's request leaves now, not after the next screen's first render.
      void queryClient.prefetchQuery(groupTreeQuery(only.ModelId))
      navigate(partsFilterUrl({ modelCode: only.ModelId, vin: found.vinCode, fromType: 1 }))
    }
  }

  const recent = history.data?.recent ?? []
  const demo = history.data?.demo ?? []

  return (
    <div className={styles.page}>
      <div className={styles.main}>
        <Card>
          <Typography.Title level={3} style={{ marginTop: 0 }}>
            VIN查询
          </Typography.Title>
          <VinInput
            value={vin}
            onChange={edit}
            onSubmit={() => void submit()}
            inputRef={inputRef}
            // Busy only while the VIN in the box is being answered: antd's search box ignores Enter and its
            // button while busy, and another VIN typed meanwhile must be asked, not dropped.
            loading={answer.isFetching && decoding.vin === queried}
          />
          <div style={{ marginTop: 16 }}>
            <VinDecodingCard decoding={decoding} onCorrect={edit} />
          </div>
        </Card>
        {queried && (
          <Card
            title={
              <span>
                查询结果 <span style={{ ...mono, fontWeight: 400, marginLeft: 8 }}>{queried}</span>
              </span>
            }
            data-testid="vin-answer"
          >
            {answer.isLoading && <Skeleton active paragraph={{ rows: 3 }} />}
            {data && data.vinCode === queried && (
              <VinAnswerCard answer={data} onOpen={(m) => open(m)} onQueryVin={(v) => void submit(v)} />
            )}
            {!answer.isLoading && !data && answer.isError && (
              <LoadFailed
                text="查询失败，请检查网络后重试"
                action="重新查询"
                onRetry={() => void submit(queried)}
              />
            )}
            {!answer.isLoading && !data && !answer.isError && <Empty description="抱歉，暂无数据" />}
          </Card>
        )}
      </div>
      <div className={styles.side}>
        <Card title="最近查询" size="small" extra={history.isFetching && <Spin size="small" />}>
          {history.isLoading ? (
            <Skeleton active paragraph={{ rows: 4 }} title={false} />
          ) : recent.length ? (
            <ul className={styles.list} data-testid="vin-recent">
              {recent.map((item) => (
                <li key={item.vin}>
                  <button type="button" className={styles.item} onClick={() => void submit(item.vin)}>
                    <span style={mono}>{item.vin}</span>
                    <span className={styles.meta}>
                      <span className={styles.name}>
                        {item.car_name || (item.status === 'none' ? '目录中暂无此车型' : '多个车型')}
                      </span>
                      <span>{timeOf(item.queried_at)}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <Empty description="暂无查询记录" image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
        </Card>
        <Card title="示例车架号" size="small">
          {history.isLoading ? (
            <Skeleton active paragraph={{ rows: 6 }} title={false} />
          ) : demo.length ? (
            <ul className={`${styles.list} ${styles.demo}`} data-testid="vin-demo">
              {demo.map((item) => (
                <li key={`${item.vin}-${item.ModelId}`}>
                  <button type="button" className={styles.item} onClick={() => void submit(item.vin)}>
                    <span style={mono}>{item.vin}</span>
                    <span className={styles.meta}>
                      <span className={styles.name}>{item.car_name}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <Empty description="抱歉，暂无数据" image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
        </Card>
      </div>
    </div>
  )
}
