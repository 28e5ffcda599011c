import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { refreshAfterChange } from './refresh'

const key = ['dataservice', 'keys']

/** A list the server answers by hand: each read waits until the test answers it. */
function serverList() {
  const reads: ((rows: string[]) => void)[] = []
  const queryFn = () => new Promise<string[]>((answer) => reads.push(answer))
  return { reads, queryFn }
}

const settled = () => new Promise((done) => setTimeout(done, 0))

let client: QueryClient
let unsubscribe = () => {}
afterEach(() => {
  unsubscribe()
  client.clear()
})

/** The key list on screen, its first read sent and not yet answered. */
async function listOnScreen() {
  client = new QueryClient()
  const server = serverList()
  const screen = new QueryObserver(client, { queryKey: key, queryFn: server.queryFn })
  unsubscribe = screen.subscribe(() => {})
  await settled()
  return { ...server, screen }
}

describe('refreshAfterChange', () => {
  it('shows a change that landed while the list on screen was still being read for the first time', async () => {
    const { reads, screen } = await listOnScreen()
    expect(reads).toHaveLength(1)

    // A key is made now; the first read was answered before it existed.
    const refreshed = refreshAfterChange(client, key)
    reads[0]?.(['旧密钥'])
    await settled()
    expect(reads).toHaveLength(2)
    reads[1]?.(['旧密钥', '新密钥'])
    await refreshed
    expect(screen.getCurrentResult().data).toEqual(['旧密钥', '新密钥'])
    expect(screen.getCurrentResult().isError).toBe(false)
  })

  it('hands whoever waits on the dropped read the new answer, not an error', async () => {
    const { reads, queryFn } = await listOnScreen()
    const waiting = client.fetchQuery({ queryKey: key, queryFn })

    const refreshed = refreshAfterChange(client, key)
    reads[0]?.(['旧密钥'])
    await settled()
    reads[1]?.(['旧密钥', '新密钥'])
    await refreshed
    await expect(waiting).resolves.toEqual(['旧密钥', '新密钥'])
  })

  it('reads a list that has an answer again', async () => {
    const { reads, screen } = await listOnScreen()
    reads[0]?.(['旧密钥'])
    await settled()

    const refreshed = refreshAfterChange(client, key)
    await settled()
    reads[1]?.(['旧密钥', '新密钥'])
    await refreshed
    expect(screen.getCurrentResult().data).toEqual(['旧密钥', '新密钥'])
  })

  it('leaves a read no screen shows (a prefetch) to finish for whoever waits on it', async () => {
    client = new QueryClient()
    unsubscribe = () => {}
    const { reads, queryFn } = serverList()
    const prefetched = client.fetchQuery({ queryKey: key, queryFn })
    await settled()

    await refreshAfterChange(client, key)
    reads[0]?.(['旧密钥'])
    await expect(prefetched).resolves.toEqual(['旧密钥'])
    expect(reads).toHaveLength(1)
  })

  it('does not read again what the change removed, though a screen still shows it', async () => {
    const { reads, screen } = await listOnScreen()
    reads[0]?.(['旧密钥'])
    await settled()

    const refreshed = refreshAfterChange(client, ['dataservice'], [key])
    await settled()
    expect(reads).toHaveLength(1)
    await refreshed
    expect(screen.getCurrentResult().data).toEqual(['旧密钥'])
  })
})
