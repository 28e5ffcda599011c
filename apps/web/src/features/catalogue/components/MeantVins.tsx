// 您是不是要找 for a VIN that fits no model and fails its check digit: the VINs one slip from it that the
// catalogue has, the changed characters marked, each taken with a click (the VIN screens, the sheet form).
import type { VinQueryAnswer } from '@epc/shared'
import { Typography } from 'antd'
import { useEffect, useRef } from 'react'
import styles from './VinAnswerCard.module.css'

export function MeantVins({
  typed,
  meant: offered,
  onQueryVin,
  autoFocus = false,
}: {
  /** The VIN asked for, against which the changed characters are marked. */
  typed: string
  meant: VinQueryAnswer['meant'] | undefined
  onQueryVin: (vin: string) => void
  /** The first VIN offered takes the focus (after Enter in a VIN box: Enter again takes it). */
  autoFocus?: boolean
}) {
  const first = useRef<HTMLButtonElement>(null)
  // `|| []`: a server of the build before (during a rolling deploy) answers without it.
  const meant = offered || []
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the offer is first shown
  useEffect(() => {
    if (autoFocus) first.current?.focus()
  }, [])
  if (!meant.length) return null
  return (
    <div data-testid="vin-meant" style={{ marginTop: 12 }}>
      <Typography.Paragraph>校验位不符，车架号可能输错了一位，您是不是要找：</Typography.Paragraph>
      <div className={styles.choices}>
        {meant.map((m, i) => {
          const [model] = m.models
          return (
            <button
              key={m.vin}
              type="button"
              className={styles.choice}
              onClick={() => onQueryVin(m.vin)}
              ref={i === 0 ? first : undefined}
            >
              <span className={styles.vin}>
                {[...m.vin].map((ch, at) =>
                  // biome-ignore lint/suspicious/noArrayIndexKey: a character's place is its identity here
                  ch === typed[at] ? ch : <mark key={at}>{ch}</mark>,
                )}
              </span>
              <span className={styles.choiceMeta}>
                {m.models.length > 1 ? `${model?.car_name} 等 ${m.models.length} 个车型` : model?.car_name}
              </span>
            </button>
          )
        })}
      </div>
    </div>
  )
}
