// The SDK loader keeps what it made and makes it again only after a failure.
import { describe, expect, it } from 'vitest'
import { onFirstUse } from './on-first-use'

describe('onFirstUse', () => {
  it('makes the value once, for every caller, including callers while it is being made', async () => {
    let made = 0
    const client = onFirstUse(async () => ({ n: ++made }))
    const [a, b] = await Promise.all([client(), client()])
    expect(await client()).toBe(a)
    expect(b).toBe(a)
    expect(made).toBe(1)
  })

  it('makes it again after a failure instead of answering the failure for ever', async () => {
    let calls = 0
    const client = onFirstUse(async () => {
      calls++
      if (calls === 1) throw new Error('网络中断')
      return 'ready'
    })
    await expect(client()).rejects.toThrow('网络中断')
    expect(await client()).toBe('ready')
    expect(await client()).toBe('ready')
    expect(calls).toBe(2)
  })
})
