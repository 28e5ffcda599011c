// What the catalogue answered to a VIN: the one model (with the way on to its group tree), the trims to
// choose from when the VIN pattern fits several, or "decoded but not in the catalogue", with the VINs a slip
// of the keys may have been when its check digit says so.
import type { CarInfo, VinQueryAnswer } from '@epc/shared'
import { Alert, Button, Descriptions, Tag, Typography } from 'antd'
import { useEffect, useRef } from 'react'
import { MeantVins } from './MeantVins'
import styles from './VinAnswerCard.module.css'

export function VinAnswerCard({
  answer,
  onOpen,
  onQueryVin,
}: {
  answer: VinQueryAnswer
  onOpen: (model: CarInfo) => void
  /** Asks for another VIN (one the answer offers); without it none is offered. */
  onQueryVin?: (vin: string) => void
}) {
  const { decode } = answer
  const first = useRef<HTMLButtonElement>(null)
  // The first trim takes the focus, so Enter picks it and Tab walks the rest.
  useEffect(() => first.current?.focus(), [])
  if (answer.status === 'none') {
    return (
      <>
        <Alert
          type="warning"
          showIcon
          data-testid="vin-not-found"
          title="该车架号已解析，但目录中暂无此车型"
          description={
            <span>
              制造商：{decode.maker ?? '未识别'}
              <span style={{ marginLeft: 24 }}>年款：{decode.modelYear ? `${decode.modelYear}年` : '-'}</span>
              <span style={{ marginLeft: 24 }}>可改用车型查询，或核对车架号后重试。</span>
            </span>
          }
        />
        {onQueryVin && (
          <MeantVins typed={answer.vinCode} meant={answer.meant} onQueryVin={onQueryVin} autoFocus />
        )}
      </>
    )
  }

  if (answer.status === 'several') {
    return (
      <div data-testid="vin-several">
        <Alert
          type="info"
          showIcon
          title={`该车架号对应 ${answer.models.length} 个车型，请选择：`}
          style={{ marginBottom: 12 }}
        />
        <div className={styles.choices}>
          {answer.models.map((m, i) => (
            <button
              key={m.ModelId}
              type="button"
              className={styles.choice}
              onClick={() => onOpen(m)}
              ref={i === 0 ? first : undefined}
            >
              <span className={styles.choiceName}>{m.car_name}</span>
              <span className={styles.choiceMeta}>
                {m.brand_name} · {m.engine} · {m.transmission}
              </span>
            </button>
          ))}
        </div>
      </div>
    )
  }

  const model = answer.models[0]
  if (!model) return null
  return (
    <div data-testid="vin-one">
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 2, xl: 3 }}
        styles={{ label: { whiteSpace: 'nowrap' } }}
        title={
          <span>
            {model.car_name}
            {model.imported && <Tag style={{ marginLeft: 8 }}>进口</Tag>}
          </span>
        }
        extra={
          <Button type="primary" onClick={() => onOpen(model)}>
            进入配件目录
          </Button>
        }
      >
        <Descriptions.Item label="厂商">{model.manufacturer_name}</Descriptions.Item>
        <Descriptions.Item label="车系">{model.series_name}</Descriptions.Item>
        <Descriptions.Item label="年款">{model.year}年</Descriptions.Item>
        <Descriptions.Item label="发动机">{model.engine || '-'}</Descriptions.Item>
        <Descriptions.Item label="变速箱">{model.transmission || '-'}</Descriptions.Item>
        <Descriptions.Item label="车型代码">
          <Typography.Text style={{ fontFamily: 'Menlo, Consolas, monospace' }}>
            {model.ModelId}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </div>
  )
}
