// A text cut for display (spec section 9) with the whole text on hover.
import { Tooltip } from 'antd'

export function Truncated({ text, cut }: { text: string; cut: (text: string) => string }) {
  const shown = cut(text)
  if (shown === text) return <>{text}</>
  return (
    <Tooltip title={text}>
      <span data-full={text}>{shown}</span>
    </Tooltip>
  )
}
