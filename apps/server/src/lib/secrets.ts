// Password hashing (scrypt) and opaque session tokens: the only place that handles secrets.
import { hash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

// OWASP Password Storage Cheat Sheet: scrypt with N=2^17, r=8, p=1. That needs 128 MiB, so maxmem is raised.
const N_LOG2 = 17
const R = 8
const P = 1
const KEY_LENGTH = 32
const MAXMEM = 256 * 1024 * 1024

function scryptAsync(password: string, salt: Buffer, nLog2: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEY_LENGTH, { N: 2 ** nLog2, r, p, maxmem: MAXMEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  )
}

/** `scrypt$<log2 N>$<r>$<p>$<salt>$<key>`: the parameters travel with the hash, so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await scryptAsync(password, salt, N_LOG2, R, P)
  return ['scrypt', N_LOG2, R, P, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, nLog2, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !key) return false
  const expected = Buffer.from(key, 'base64')
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), Number(nLog2), Number(r), Number(p))
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/** A hash of a password nobody has, verified against when the mobile is unknown so timing reveals nothing. */
export const UNUSABLE_PASSWORD_HASH =
  'scrypt$17$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='

/** 256 random bits, URL-safe. Only its hash is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url')
}

export function sha256(text: string): string {
  return hash('sha256', text, 'hex')
}
