// A part added to a sheet whose lines were asked for just before (a sheet just created, its empty lines on
// the way while nothing shows them yet) shows in the lines the detail card then reads: the answer from before
// the change must not stand as fresh for the lines' ten seconds.
import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SheetLine } from '../types'
import { refreshAfterLineAdded } from './add-sheet-line'
import { sheetLinesQuery } from './get-sheet-lines'

let client: QueryClient
/** The sheet's lines as the server holds them; an answer carries them as they were when it was asked. */
let onServer: SheetLine[]
const linesOf = () => {
  const then = [...onServer]
  return new Promise<SheetLine[]>((answer) => setTimeout(() => answer(then), 100))
}
const lines = (orderId: string) => ({ ...sheetLinesQuery('purchase', orderId), queryFn: linesOf })

beforeEach(() => {
  vi.useFakeTimers()
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  onServer = []
})

afterEach(() => {
  client.clear()
  vi.useRealTimers()
})

describe('a line added to a sheet', () => {
  it('shows although the lines were on their way when it was added', async () => {
    void client.prefetchQuery(lines('CG1'))
    onServer = [{ Id: 1, OrderId: 'CG1' } as SheetLine]
    await refreshAfterLineAdded(client, 'purchase', 'CG1')
    const read = client.fetchQuery(lines('CG1'))
    await vi.advanceTimersByTimeAsync(250)
    expect(await read).toEqual(onServer)
  })

  it('shows when the lines had arrived before it was added', async () => {
    const first = client.fetchQuery(lines('CG1'))
    await vi.advanceTimersByTimeAsync(150)
    expect(await first).toEqual([])
    onServer = [{ Id: 1, OrderId: 'CG1' } as SheetLine]
    await refreshAfterLineAdded(client, 'purchase', 'CG1')
    const read = client.fetchQuery(lines('CG1'))
    await vi.advanceTimersByTimeAsync(250)
    expect(await read).toEqual(onServer)
  })
})
