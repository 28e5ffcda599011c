// The detail card keeps the sheet it shows while the one chosen next has no lines yet, for at most
// SWITCH_WAIT_MS; with none shown, or the lines in, the chosen sheet is shown at once. The lines call never
// answers here (fetch waits forever), so "in" means put in the query cache.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { sheetKeys } from '../api/keys'
import type { SheetLine, SheetRow } from '../types'
import { SWITCH_WAIT_MS, useShownSheet } from './use-shown-sheet'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const sheet = (OrderId: string) => ({ OrderId }) as SheetRow
const A = sheet('BJ1')
const B = sheet('BJ2')
const C = sheet('BJ3')

let client: QueryClient
let root: Root
let container: HTMLDivElement

function Shown({ selected }: { selected: SheetRow | null }) {
  return <span>{useShownSheet('quote', selected)?.OrderId ?? '无'}</span>
}

const show = (selected: SheetRow | null) =>
  act(() =>
    root.render(
      <QueryClientProvider client={client}>
        <Shown selected={selected} />
      </QueryClientProvider>,
    ),
  )
// The query cache tells its observers in a timer of its own.
const linesIn = (row: SheetRow) =>
  act(async () => {
    client.setQueryData<SheetLine[]>(sheetKeys.lines('quote', row.OrderId), [])
    await vi.advanceTimersByTimeAsync(0)
  })

beforeEach(() => {
  vi.useFakeTimers()
  vi.stubGlobal('fetch', () => new Promise(() => {}))
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
})

afterEach(() => {
  act(() => root.unmount())
  container.remove()
  client.clear()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('the sheet the detail card shows', () => {
  it('is the chosen one at once when none is shown yet, lines or not', async () => {
    await show(null)
    expect(container.textContent).toBe('无')
    await show(B)
    expect(container.textContent).toBe('BJ2')
  })

  it('stays while the next one has no lines, and changes when they are in', async () => {
    await linesIn(A)
    await show(A)
    await show(B)
    expect(container.textContent).toBe('BJ1')
    await linesIn(B)
    expect(container.textContent).toBe('BJ2')
  })

  it('changes once the wait is over without lines', async () => {
    await linesIn(A)
    await show(A)
    await show(C)
    await act(() => vi.advanceTimersByTime(SWITCH_WAIT_MS - 1))
    expect(container.textContent).toBe('BJ1')
    await act(() => vi.advanceTimersByTime(1))
    expect(container.textContent).toBe('BJ3')
  })

  it('is none at once when the choice is cleared', async () => {
    await linesIn(A)
    await show(A)
    await show(null)
    expect(container.textContent).toBe('无')
  })
})
