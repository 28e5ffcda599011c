// A data-service secret sealed for storage opens only with the same master key and for the same AppKey; the
// hash an unknown mobile's password is checked against.
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { openSecret, sealSecret, unknownAccountHash, verifyPassword } from './secrets'

describe('sealed secrets', () => {
  const master = randomBytes(32)

  it('opens what it sealed, and each sealing differs', () => {
    const a = sealSecret(master, 'the-secret', 'ak1')
    const b = sealSecret(master, 'the-secret', 'ak1')
    expect(a).not.toBe(b)
    expect(a).not.toContain('the-secret')
    expect(openSecret(master, a, 'ak1')).toBe('the-secret')
  })

  it('refuses another master key, another AppKey and a changed text', () => {
    const sealed = sealSecret(master, 'the-secret', 'ak1')
    expect(() => openSecret(randomBytes(32), sealed, 'ak1')).toThrow()
    expect(() => openSecret(master, sealed, 'ak2')).toThrow()
    const [v, iv, tag, body] = sealed.split('.') as [string, string, string, string]
    const flipped = Buffer.from(body, 'base64url')
    flipped[0] = (flipped[0] ?? 0) ^ 1
    expect(() => openSecret(master, [v, iv, tag, flipped.toString('base64url')].join('.'), 'ak1')).toThrow()
  })
})

describe('the hash an unknown mobile is checked against', () => {
  it('costs what a new hash costs, and no password matches it', async () => {
    expect(unknownAccountHash(12).split('$')[1]).toBe('12')
    for (const password of ['', 'demo1234', 'A'.repeat(20)]) {
      expect(await verifyPassword(password, unknownAccountHash(10))).toBe(false)
    }
  })
})
