// Light stand-ins for antd controls repeated on every row of a long table. A table builds all its rows' cells
// before the frame that shows them; antd's Button (wave, loading motion, style hooks), Checkbox (wave, style
// hooks) and Tooltip (trigger, popup motion, resize observer) on each of 20 rows kept a quotation's lines off
// the screen for tens of milliseconds, and unmounting 100 of them cost as much again (docs/performance.md,
// issue 20).

import type { CheckboxProps } from 'antd'
import { Tooltip } from 'antd'
import {
  type ButtonHTMLAttributes,
  cloneElement,
  type HTMLAttributes,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useRef,
  useState,
} from 'react'
import { flushSync } from 'react-dom'
import styles from './light-controls.module.css'

/** Looks and acts as antd's `<Button type="link" size="small">` (with `danger`), as a plain button. */
export function LinkButton({
  danger,
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { danger?: boolean }) {
  const classes = [styles.linkButton, danger ? styles.danger : '', className ?? ''].filter(Boolean).join(' ')
  return <button type="button" {...props} className={classes} />
}

/** antd Tooltip's own delay before it shows. */
const ENTER_DELAY_MS = 100

/**
 * antd's Tooltip around `children`, built only once the pointer has rested on them; from then on it is the
 * Tooltip itself that opens and closes. The child must pass pointer handlers on to its element.
 */
export function HoverTooltip({
  title,
  children,
}: {
  title: ReactNode
  children: ReactElement<HTMLAttributes<HTMLElement>>
}) {
  // undefined until the first hover; then the Tooltip's open state.
  const [open, setOpen] = useState<boolean>()
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  if (open !== undefined) {
    return (
      <Tooltip title={title} open={open} onOpenChange={setOpen}>
        {children}
      </Tooltip>
    )
  }
  return cloneElement(children, {
    onPointerEnter: () => {
      timer.current = setTimeout(() => setOpen(true), ENTER_DELAY_MS)
    },
    onPointerLeave: () => clearTimeout(timer.current),
  })
}

/**
 * For a Table's `rowSelection.renderCell`: the row's antd Checkbox (`node`) is built once the pointer or the
 * focus comes to it. Until then a plain checkbox drawn like it stands in; a click that reaches it all the
 * same (a screen reader's) goes to antd's own handler.
 */
export function renderLightSelection(checked: boolean, _row: unknown, _index: number, node: ReactNode) {
  return <LightSelection checked={checked} node={node} />
}

function LightSelection({ checked, node }: { checked: boolean; node: ReactNode }) {
  const [real, setReal] = useState(false)
  const box = useRef<HTMLLabelElement>(null)
  if (real || !isValidElement<CheckboxProps & { 'aria-label'?: string }>(node)) return node
  const { onChange } = node.props
  const toReal = (focus: boolean) => {
    const cell = box.current?.parentElement
    // At once, so the press or key that follows reaches antd's Checkbox, not this one.
    flushSync(() => setReal(true))
    if (focus) cell?.querySelector('input')?.focus()
  }
  return (
    <label ref={box} className={styles.checkWrapper} onPointerEnter={() => toReal(false)}>
      <span className={checked ? `${styles.check} ${styles.checked}` : styles.check}>
        <input
          type="checkbox"
          checked={checked}
          aria-label={node.props['aria-label']}
          onFocus={() => toReal(true)}
          onClick={(event) => event.stopPropagation()}
          onChange={(event) => onChange?.(event as unknown as Parameters<NonNullable<typeof onChange>>[0])}
        />
      </span>
    </label>
  )
}
