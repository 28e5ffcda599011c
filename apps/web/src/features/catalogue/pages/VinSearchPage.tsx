// /vinSearch (VIN查询): the VIN box (F1, Enter), instant local decoding, the catalogue's answer (one model
// continues to its group tree, several offer a choice, none says so), the account's recent and the demo VINs.
import type { CarInfo } from '@epc/shared'
import { decodeVin } from '@epc/shared'
import { useQueryClient } from '@tanstack/react-query'
import type { InputRef } from 'antd'
import { Card, Empty, Skeleton, Spin, Typography } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate, useSearchParams } from 'react-router'
import { feedback } from '../../../lib/feedback'
import { useShortcut } from '../../../lib/keyboard'
import { rememberResult } from '../../../lib/search-memory'
import { useVinHistory } from '../api/vin-history'
import { useVinQuery } from '../api/vin-query'
import { partsFilterUrl } from '../components/links'
import { VinAnswerCard } from '../components/VinAnswerCard'
import { VinDecodingCard } from '../components/VinDecodingCard'
import { VinInput } from '../components/VinInput'
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
  const [vin, setVin] = useState(queried ?? '')
  // Only a VIN the user just asked for continues by itself; one restored from the URL (reload, Back from
  // the group tree) shows its answer and waits, or Back would bounce straight forward again.
  const [autoContinue, setAutoContinue] = useState<string | null>(null)
  const inputRef = useRef<InputRef>(null)
  const answer = useVinQuery(queried)
  const history = useVinHistory()
  const decoding = decodeVin(vin)

  useShortcut('F1', () => inputRef.current?.focus({ cursor: 'end', preventScroll: true }))

  useEffect(() => {
    if (urlVin) setVin(urlVin)
  }, [urlVin])

  const open = (model: CarInfo, replace = false) =>
    navigate(partsFilterUrl({ ModelId: model.ModelId, vin: queried, fromType: 1 }), { replace })

  const data = answer.data
  useEffect(() => {
    if (!data || data.vinCode !== queried) return
    rememberResult(1, pathname + search)
    queryClient.invalidateQueries({ queryKey: ['vinhistory'] })
    const only = data.models[0]
    // A wrong check digit may mean a mistyped VIN: the clerk sees the warning and continues by hand.
    if (
      autoContinue === data.vinCode &&
      data.status === 'one' &&
      only &&
      data.decode.checkDigitValid !== false
    ) {
      setAutoContinue(null)
      navigate(partsFilterUrl({ ModelId: only.ModelId, vin: data.vinCode, fromType: 1 }))
    }
  }, [data, queried, autoContinue, pathname, search, navigate, queryClient])

  const submit = (value = vin) => {
    const result = decodeVin(value)
    if (!result.valid) {
      feedback.warning(result.errors[0] ?? '请输入17位车架号')
      return
    }
    setVin(result.vin)
    setAutoContinue(result.vin)
    if (result.vin === queried) answer.refetch()
    else setParams({ vin: result.vin }, { replace: true })
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
            onChange={setVin}
            onSubmit={() => submit()}
            inputRef={inputRef}
            loading={answer.isFetching}
          />
          <div style={{ marginTop: 16 }}>
            <VinDecodingCard decoding={decoding} onCorrect={(v) => setVin(v)} />
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
            {data && data.vinCode === queried && <VinAnswerCard answer={data} onOpen={(m) => open(m)} />}
            {!answer.isLoading && !data && <Empty description="抱歉，暂无数据" />}
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
                  <button type="button" className={styles.item} onClick={() => submit(item.vin)}>
                    <span style={mono}>{item.vin}</span>
                    <span className={styles.meta}>
                      <span className={styles.name}>{item.car_name || '多个车型'}</span>
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
                  <button type="button" className={styles.item} onClick={() => submit(item.vin)}>
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
