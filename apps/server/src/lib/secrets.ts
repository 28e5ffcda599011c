// Password hashing (scrypt), opaque session tokens and secrets sealed for storage: the only place that
// handles secrets.
import { createCipheriv, createDecipheriv, hash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

// OWASP Password Storage Cheat Sheet: scrypt with N=2^17, r=8, p=1 (the cost config.ts gives unless told).
// That needs 128 MiB (128·N·r bytes), above Node's default limit, so maxmem follows the cost.
const R = 8
const P = 1
const KEY_LENGTH = 32

function scryptAsync(password: string, salt: Buffer, nLog2: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { N: 2 ** nLog2, r, p, maxmem: 256 * 2 ** nLog2 * r }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  )
}

/**
 * `scrypt$<log2 N>$<r>$<p>$<salt>$<key>`: the parameters travel with the hash, so they can be raised later.
 * nLog2 is the server's PASSWORD_HASH_COST (config.passwordHashCost).
 */
export async function hashPassword(password: string, nLog2: number): Promise<string> {
  const salt = randomBytes(16)
  const key = await scryptAsync(password, salt, nLog2, R, P)
  return ['scrypt', nLog2, R, P, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, nLog2, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !key) return false
  const expected = Buffer.from(key, 'base64')
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), Number(nLog2), Number(r), Number(p))
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** The stored hash of an account without a password it could type (added or reset without one): none matches. */
export const UNUSABLE_PASSWORD_HASH =
  'scrypt$17$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='

/**
 * What a password is checked against when the mobile has no account: a hash nothing matches, at the cost new
 * hashes get, so the time a login takes does not tell whether the mobile is registered.
 */
export function unknownAccountHash(nLog2: number): string {
  return `scrypt$${nLog2}$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`
}

/** 256 random bits, URL-safe. Only its hash is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url')
}

export function sha256(text: string): string {
  return hash('sha256', text, 'hex')
}

/**
 * A secret sealed for storage with AES-256-GCM under the master key: `v1.<iv>.<tag>.<ciphertext>`, base64url.
 * The sealed text is bound to `context` (the key's AppKey) as associated data, so a sealed secret copied to
 * another row does not open.
 */
export function sealSecret(masterKey: Buffer, secret: string, context: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', masterKey, iv)
  cipher.setAAD(Buffer.from(context, 'utf8'))
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.')
}

/** The secret sealSecret sealed; throws when the text, the master key or the context is not the one used. */
export function openSecret(masterKey: Buffer, sealed: string, context: string): string {
  const [version, iv, tag, body] = sealed.split('.')
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret')
  const decipher = createDecipheriv('aes-256-gcm', masterKey, Buffer.from(iv, 'base64url'))
  decipher.setAAD(Buffer.from(context, 'utf8'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
}
