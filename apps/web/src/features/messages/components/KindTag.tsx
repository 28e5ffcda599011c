// A message's kind as a coloured tag, one colour per kind.
import type { MessageKindName } from '@epc/shared'
import { Tag } from 'antd'

const COLORS: Record<MessageKindName, string> = {
  服务到期提醒: 'orange',
  支付结果: 'green',
  优惠券到账: 'magenta',
  账号与安全: 'red',
  系统公告: 'blue',
}

export function KindTag({ kind }: { kind: MessageKindName }) {
  return <Tag color={COLORS[kind]}>{kind}</Tag>
}
