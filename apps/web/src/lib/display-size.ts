// The window size, recorded with a 400 ms throttle in one store, and the part-detail display size it
// implies: large at 1440 px and wider, default (antd 'middle') at 1024 px and wider, small below.
import { create } from 'zustand'

export type DisplaySize = 'large' | 'middle' | 'small'

export const RESIZE_THROTTLE_MS = 400

export function displaySizeFor(width: number): DisplaySize {
  if (width >= 1440) return 'large'
  if (width >= 1024) return 'middle'
  return 'small'
}

interface ScreenState {
  width: number
  height: number
  displaySize: DisplaySize
}

function measure(): ScreenState {
  const width = typeof window === 'undefined' ? 1440 : window.innerWidth
  const height = typeof window === 'undefined' ? 900 : window.innerHeight
  return { width, height, displaySize: displaySizeFor(width) }
}

export const useScreen = create<ScreenState>(() => measure())

/** Starts recording resizes; answers the stop. Leading and trailing edges both count. */
export function trackScreenSize(target: Window = window): () => void {
  let last = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  const record = () => {
    last = Date.now()
    timer = undefined
    useScreen.setState(measure())
  }
  const onResize = () => {
    const wait = RESIZE_THROTTLE_MS - (Date.now() - last)
    if (wait <= 0) record()
    else if (!timer) timer = setTimeout(record, wait)
  }
  target.addEventListener('resize', onResize)
  record()
  return () => {
    target.removeEventListener('resize', onResize)
    if (timer) clearTimeout(timer)
  }
}

export const useDisplaySize = () => useScreen((s) => s.displaySize)
