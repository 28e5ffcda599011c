// A long list draws its first rows, then the rest once a frame has passed; the same list changed (a line
// edited) is drawn whole at once, another list in steps again.
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FIRST_ROWS, useRowsInSteps } from './use-rows-in-steps'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let root: Root
let container: HTMLDivElement

function Rows({ rows, list }: { rows: number[]; list: string }) {
  return <span>{useRowsInSteps(rows, list).length}</span>
}

const draw = (rows: number[], list: string) => act(() => root.render(<Rows rows={rows} list={list} />))
const drawn = () => Number(container.textContent)
const lines = (n: number, from = 0) => Array.from({ length: n }, (_, i) => from + i)

beforeEach(() => {
  vi.useFakeTimers()
  container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
})

afterEach(() => {
  act(() => root.unmount())
  container.remove()
  vi.useRealTimers()
})

describe('rows drawn in steps', () => {
  it('draws a short list whole at once', async () => {
    await draw(lines(FIRST_ROWS), 'a')
    expect(drawn()).toBe(FIRST_ROWS)
  })

  it('draws the first rows of a long list, then the rest after a frame', async () => {
    await draw(lines(100), 'a')
    expect(drawn()).toBe(FIRST_ROWS)
    await act(() => vi.advanceTimersByTimeAsync(50))
    expect(drawn()).toBe(100)
  })

  it('draws a changed list whole again at once, and another list in steps', async () => {
    await draw(lines(100), 'a')
    await act(() => vi.advanceTimersByTimeAsync(50))
    await draw(lines(99, 1), 'a')
    expect(drawn()).toBe(99)
    await draw(lines(100), 'b')
    expect(drawn()).toBe(FIRST_ROWS)
    await act(() => vi.advanceTimersByTimeAsync(50))
    expect(drawn()).toBe(100)
  })
})
