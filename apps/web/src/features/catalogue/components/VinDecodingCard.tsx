// What the VIN itself says, decoded locally as the user types: maker, brand, country, model year, plant,
// the check digit, and every doubt in plain Chinese.
import type { VinDecoding } from '@epc/shared'
import { Alert, Button, Descriptions, Tag } from 'antd'

export function VinDecodingCard({
  decoding,
  onCorrect,
}: {
  decoding: VinDecoding
  onCorrect: (vin: string) => void
}) {
  const corrected = decoding.corrections.length > 0
  const wrongCheckDigit = decoding.checkDigit && !decoding.checkDigit.valid
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      {corrected && (
        <Alert
          type="info"
          showIcon
          title={`车架号中不会出现 I、O、Q，是否更正为 ${decoding.vin}？`}
          description={decoding.corrections.map((c) => `第${c.position}位 ${c.from} → ${c.to}`).join('，')}
          action={
            <Button size="small" type="primary" onClick={() => onCorrect(decoding.vin)}>
              更正
            </Button>
          }
        />
      )}
      {wrongCheckDigit && (
        <Alert
          type="warning"
          showIcon
          data-testid="check-digit-warning"
          title={decoding.warnings.find((w) => w.startsWith('校验位'))}
        />
      )}
      {decoding.vin.length >= 3 && (
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 2, xl: 3 }}
          styles={{ label: { whiteSpace: 'nowrap' } }}
        >
          <Descriptions.Item label="品牌">
            {decoding.brand ?? <Tag>未识别</Tag>}
            {decoding.wmi?.sharedWith && (
              <span style={{ color: '#999' }}> （同代码：{decoding.wmi.sharedWith.join('、')}）</span>
            )}
          </Descriptions.Item>
          <Descriptions.Item label="制造商">
            {decoding.maker ?? `未识别的制造商代码 ${decoding.vin.slice(0, 3)}`}
          </Descriptions.Item>
          <Descriptions.Item label="产地">
            {decoding.country ?? '-'}
            {decoding.wmi?.imported && <Tag style={{ marginLeft: 8 }}>进口</Tag>}
            {decoding.wmi?.jointVenture && <Tag style={{ marginLeft: 8 }}>合资</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label="年款">
            {decoding.modelYear ? `${decoding.modelYear}年` : '-'}
          </Descriptions.Item>
          <Descriptions.Item label="工厂代码">{decoding.plantCode ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="校验位">
            {decoding.checkDigit ? (
              decoding.checkDigit.valid ? (
                <Tag color="green">正确</Tag>
              ) : (
                <Tag color="orange">应为 {decoding.checkDigit.expected}</Tag>
              )
            ) : (
              '-'
            )}
          </Descriptions.Item>
        </Descriptions>
      )}
    </div>
  )
}
