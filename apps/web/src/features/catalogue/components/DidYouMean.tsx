// 您是不是要找: the names the server suggests when a search found nothing, one click each to search them.
import { Button } from 'antd'
import styles from './Glossary.module.css'

export function DidYouMean({
  suggestions,
  onPick,
}: {
  suggestions: string[]
  onPick: (text: string) => void
}) {
  if (!suggestions.length) return null
  return (
    <div className={styles.didYouMean} data-testid="did-you-mean">
      <span>您是不是要找：</span>
      {suggestions.map((text) => (
        <Button key={text} size="small" type="link" onClick={() => onPick(text)}>
          {text}
        </Button>
      ))}
    </div>
  )
}
