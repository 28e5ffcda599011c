// The exploded-view drawing: zoom (buttons, wheel), drag to pan, fit; callout markers and parts are
// clickable, and the callouts the parts table points at are highlighted in the brand colour.
import { CompressOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons'
import { Button, Tooltip } from 'antd'
import { type MouseEvent, useEffect, useRef, useState } from 'react'
import styles from './IllustrationViewer.module.css'

const MIN_SCALE = 0.5
const MAX_SCALE = 8
const STEP = 1.25
/** Pointer travel (px) that turns a press into a drag rather than a click. */
const DRAG_THRESHOLD = 4

interface View {
  scale: number
  x: number
  y: number
}
const FIT: View = { scale: 1, x: 0, y: 0 }

// The tool buttons must not take the focus: the keys belong to the parts table.
const keepFocus = (e: MouseEvent) => e.preventDefault()

const clamp = (s: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, s))

function calloutOf(target: EventTarget | null): number | null {
  const el = target instanceof Element ? target.closest('[data-callout]') : null
  const n = Number(el?.getAttribute('data-callout'))
  return el && Number.isFinite(n) ? n : null
}

export function IllustrationViewer({
  svg,
  selected,
  hovered,
  onCallout,
  height,
}: {
  /** Our own catalogue's drawing (trusted markup). */
  svg: string
  selected: number | null
  hovered: number | null
  onCallout: (callout: number) => void
  height: number | string
}) {
  const box = useRef<HTMLDivElement>(null)
  const drawing = useRef<HTMLDivElement>(null)
  const [view, setView] = useState<View>(FIT)
  const drag = useRef<{ x: number; y: number; view: View; moved: boolean; callout: number | null } | null>(
    null,
  )

  // Zooms around a point given in the box's own pixels, so the spot under the cursor stays put.
  const zoomAt = (factor: number, px?: number, py?: number) =>
    setView((v) => {
      const el = box.current
      const cx = px ?? (el ? el.clientWidth / 2 : 0)
      const cy = py ?? (el ? el.clientHeight / 2 : 0)
      const scale = clamp(v.scale * factor)
      const k = scale / v.scale
      return { scale, x: cx - (cx - v.x) * k, y: cy - (cy - v.y) * k }
    })
  const zoomRef = useRef(zoomAt)
  zoomRef.current = zoomAt

  // React's wheel listener is passive; the page must not scroll while zooming the drawing.
  useEffect(() => {
    const el = box.current
    if (!el) return
    const onWheel = (e: WheelEvent) => {
      e.preventDefault()
      const rect = el.getBoundingClientRect()
      // Client pixels differ from layout pixels under the page zoom setting: scale by the box's ratio.
      const ratio = el.clientWidth / (rect.width || 1)
      zoomRef.current(
        e.deltaY < 0 ? STEP : 1 / STEP,
        (e.clientX - rect.left) * ratio,
        (e.clientY - rect.top) * ratio,
      )
    }
    el.addEventListener('wheel', onWheel, { passive: false })
    return () => el.removeEventListener('wheel', onWheel)
  }, [])

  // The markup is replaced with each drawing, so svg re-runs the marking too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    const root = drawing.current
    if (!root) return
    for (const el of root.querySelectorAll('[data-callout]')) {
      const n = Number(el.getAttribute('data-callout'))
      el.classList.toggle('is-selected', n === selected)
      el.classList.toggle('is-hovered', n === hovered)
    }
  }, [svg, selected, hovered])

  return (
    <div className={styles.viewer} style={{ height }}>
      <div
        ref={box}
        className={styles.box}
        data-testid="illustration"
        onPointerDown={(e) => {
          if (e.button !== 0) return
          drag.current = { x: e.clientX, y: e.clientY, view, moved: false, callout: calloutOf(e.target) }
        }}
        onPointerMove={(e) => {
          const d = drag.current
          if (!d) return
          const dx = e.clientX - d.x
          const dy = e.clientY - d.y
          if (!d.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return
          if (!d.moved) e.currentTarget.setPointerCapture(e.pointerId)
          d.moved = true
          setView({ ...d.view, x: d.view.x + dx, y: d.view.y + dy })
        }}
        onPointerUp={() => {
          const d = drag.current
          drag.current = null
          if (d && !d.moved && d.callout !== null) onCallout(d.callout)
        }}
        onPointerCancel={() => {
          drag.current = null
        }}
      >
        <div
          ref={drawing}
          className={styles.drawing}
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the drawing comes from our own catalogue
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      </div>
      <div className={styles.tools}>
        <Tooltip title="放大">
          <Button
            onMouseDown={keepFocus}
            size="small"
            icon={<ZoomInOutlined />}
            aria-label="放大"
            onClick={() => zoomAt(STEP)}
          />
        </Tooltip>
        <span className={styles.scale}>{Math.round(view.scale * 100)}%</span>
        <Tooltip title="缩小">
          <Button
            onMouseDown={keepFocus}
            size="small"
            icon={<ZoomOutOutlined />}
            aria-label="缩小"
            onClick={() => zoomAt(1 / STEP)}
          />
        </Tooltip>
        <Tooltip title="适应窗口">
          <Button
            onMouseDown={keepFocus}
            size="small"
            icon={<CompressOutlined />}
            aria-label="适应窗口"
            onClick={() => setView(FIT)}
          >
            适应
          </Button>
        </Tooltip>
      </div>
    </div>
  )
}
