// Light stand-ins for antd controls repeated on every row of a long table. A table builds all its rows' cells
// before the frame that shows them; antd's Button (wave, loading motion, style hooks), Checkbox (wave, style
// hooks) and Tooltip (trigger, popup motion, resize observer) on each of 20 rows kept a quotation's lines off
// the screen for tens of milliseconds, and unmounting 100 of them cost as much again (docs/performance.md,
// issue 20).
import { Tooltip } from 'antd'
import {
  type ButtonHTMLAttributes,
  cloneElement,
  type HTMLAttributes,
  isValidElement,
  type ReactElement,
  type ReactNode,
  type Ref,
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

/** Looks as antd's `<Button type="text" size="small" icon={icon}>` at rest, as a plain button. */
export function IconButton({
  icon,
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { icon: ReactNode }) {
  return (
    <button
      type="button"
      {...props}
      className={className ? `${styles.iconButton} ${className}` : styles.iconButton}
    >
      <span>{icon}</span>
    </button>
  )
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
 * `light` (plain elements drawn like the control) until the pointer or the focus first comes to it, then
 * `children` (antd's control) in its place, swapped at once (flushSync) so the press or key that follows
 * reaches antd's. Focus, or a click that reaches the light one all the same (a screen reader's), is passed
 * on to the element `target` finds in antd's.
 */
export function BuiltOnHover({
  light,
  target,
  children,
}: {
  light: ReactElement<HTMLAttributes<HTMLElement> & { ref?: Ref<HTMLElement> }>
  target: string
  children: ReactNode
}) {
  const [built, setBuilt] = useState(false)
  const element = useRef<HTMLElement>(null)
  if (built) return children
  const build = (then?: (real: HTMLElement) => void) => {
    const parent = element.current?.parentElement
    flushSync(() => setBuilt(true))
    const real = parent?.querySelector<HTMLElement>(target)
    if (real) then?.(real)
  }
  return cloneElement(light, {
    ref: element,
    onPointerEnter: () => build(),
    onFocus: () => build((real) => real.focus()),
    onClickCapture: (event) => {
      event.preventDefault()
      build((real) => real.click())
    },
  })
}

/**
 * For a Table's `rowSelection.renderCell`: the row's antd Checkbox (`node`), built on the first hover or
 * focus (BuiltOnHover); until then a plain checkbox drawn like it, ticked or not.
 */
export function renderLightSelection(checked: boolean, _row: unknown, _index: number, node: ReactNode) {
  const label = isValidElement<{ 'aria-label'?: string }>(node) ? node.props['aria-label'] : undefined
  return (
    <BuiltOnHover
      target="input"
      light={
        <label className={styles.checkWrapper}>
          <span className={checked ? `${styles.check} ${styles.checked}` : styles.check}>
            <input type="checkbox" checked={checked} readOnly aria-label={label} />
          </span>
        </label>
      }
    >
      {node}
    </BuiltOnHover>
  )
}
