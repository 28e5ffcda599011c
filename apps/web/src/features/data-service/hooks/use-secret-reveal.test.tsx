// The AppSecret of a new or rotated key, against the real server on a fresh SQLite file: the hook reveals it
// once, it is never in TanStack Query's caches (queries or mutations, not even while shown), and closing
// forgets it. A refused create reveals nothing.
/// <reference types="node" />
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DataServiceMessages, type LoginInfo } from '@epc/shared'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { api } from '../../../lib/api-client'
import { clearAllStoredState, saveLoginInfo } from '../../../lib/storage'
import { closeFeedbackHosts, openFeedbackHosts } from '../../../test/feedback-hosts'
import { freePort, startServer } from '../../../test/real-server'
import { useApiKeys } from '../api/get-api-keys'
import { useSecretReveal } from './use-secret-reveal'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** The demo company's owner (protocol.md section 6), seeded in every fresh database. */
const DEMO = { Mobile: '13800138000', Password: 'demo1234' }

let server: ChildProcess
let dataDir: string
let client: QueryClient
let root: Root
let container: HTMLDivElement
let reveal: ReturnType<typeof useSecretReveal>

/** The page's part under test: the hook, the key list beside it, and the revealed secret on screen. */
function Harness() {
  reveal = useSecretReveal()
  useApiKeys()
  return <span>{reveal.revealed?.AppSecret ?? ''}</span>
}

/** Everything TanStack Query holds: each query's data and each mutation's variables and data. */
function cached(): string {
  return JSON.stringify({
    queries: client
      .getQueryCache()
      .getAll()
      .map((q) => [q.queryKey, q.state.data]),
    mutations: client
      .getMutationCache()
      .getAll()
      .map((m) => [m.state.variables, m.state.data]),
  })
}

/** Lets the mutation's garbage collection (gcTime 0) and the key list's refetch run. */
const settle = () => act(() => new Promise((done) => setTimeout(done, 50)))
// The server answers in its own process, slower while other test files load the machine: 1 second (waitFor's
// default) was seen too short for the key list's refetch.
const WAIT = { timeout: 15_000 }

beforeAll(async () => {
  await openFeedbackHosts()
  dataDir = mkdtempSync(join(tmpdir(), 'epc-web-secret-'))
  const port = await freePort()
  server = await startServer(port, dataDir)
  ;(window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `http://127.0.0.1:${port}/`,
  )
  clearAllStoredState()
  saveLoginInfo({ ...(await api.post<LoginInfo>('/api/author/login', DEMO)), IsOwner: true })
})

afterAll(async () => {
  await closeFeedbackHosts()
  clearAllStoredState()
  server?.kill('SIGTERM')
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

beforeEach(async () => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <Harness />
      </QueryClientProvider>,
    ),
  )
})

afterEach(() => {
  act(() => root.unmount())
  container.remove()
  client.clear()
})

describe('the AppSecret of a key', () => {
  it('is shown once after creating, never cached, and gone on closing; rotating shows a new one', async () => {
    let made = false
    await act(async () => {
      made = await reveal.createKey({ Name: '理赔系统', IpRanges: [] })
    })
    expect(made).toBe(true)
    const first = reveal.revealed
    expect(first?.kind).toBe('created')
    expect(first?.Key.Name).toBe('理赔系统')
    const secret = first?.AppSecret ?? ''
    expect(secret.length).toBeGreaterThanOrEqual(40)
    expect(container.textContent).toBe(secret)

    // While shown: the list has been read again with the new key, and no cache holds the secret.
    await settle()
    await vi.waitFor(() => expect(cached()).toContain(first?.Key.AppKey), WAIT)
    await vi.waitFor(() => expect(client.getMutationCache().getAll()).toHaveLength(0), WAIT)
    expect(cached()).not.toContain(secret)

    await act(async () => reveal.close())
    expect(reveal.revealed).toBeNull()
    expect(container.textContent).toBe('')
    expect(cached()).not.toContain(secret)

    await act(async () => {
      made = await reveal.rotateKey(first?.Key.KeyId ?? 0)
    })
    expect(made).toBe(true)
    const rotated = reveal.revealed
    expect(rotated?.kind).toBe('rotated')
    expect(rotated?.Key.AppKey).toBe(first?.Key.AppKey)
    expect(rotated?.AppSecret).not.toBe(secret)
    await settle()
    await vi.waitFor(() => expect(client.getMutationCache().getAll()).toHaveLength(0), WAIT)
    expect(cached()).not.toContain(rotated?.AppSecret)
    await act(async () => reveal.close())
    expect(container.textContent).toBe('')
  })

  it('is not revealed when the server refuses the key', async () => {
    let made = true
    await act(async () => {
      made = await reveal.createKey({ Name: '' })
    })
    expect(made).toBe(false)
    expect(reveal.revealed).toBeNull()
    await vi.waitFor(() => expect(document.body.textContent).toContain(DataServiceMessages.keyName), WAIT)
    await settle()
    await vi.waitFor(() => expect(client.getMutationCache().getAll()).toHaveLength(0), WAIT)
  })
})
