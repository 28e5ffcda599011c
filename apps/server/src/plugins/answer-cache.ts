// Answers of catalogue look-ups, kept as the response body's bytes in a size-bounded LRU: the catalogue is
// read-mostly, so the same illustration or part code is answered without SQL, JSON, deflate or even UTF-8
// encoding. Keys carry the catalogue's version, so an import makes earlier answers unreachable at once.
import type { AppContext } from '../context'
import { metaValue } from '../modules/catalogue/catalogue.repository'

const VERSION_TTL_MS = 5_000

export class AnswerCache {
  private readonly entries = new Map<string, Buffer>()
  private bytes = 0
  private version: { value: string; at: number } | null = null

  constructor(private readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const value = this.entries.get(key)
    if (value !== undefined) {
      this.entries.delete(key)
      this.entries.set(key, value)
    }
    return value
  }

  set(key: string, value: Buffer) {
    const old = this.entries.get(key)
    if (old !== undefined) this.bytes -= old.length + key.length
    this.entries.delete(key)
    this.entries.set(key, value)
    this.bytes += value.length + key.length
    for (const [oldest, stored] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.entries.delete(oldest)
      this.bytes -= stored.length + oldest.length
    }
  }

  /** The catalogue version, read at most every few seconds (another process may have imported). */
  async catalogueVersion(ctx: AppContext): Promise<string> {
    const now = Date.now()
    if (!this.version || now - this.version.at > VERSION_TTL_MS) {
      this.version = { value: (await metaValue(ctx.db.kysely, 'catalogue')) ?? '', at: now }
    }
    return this.version.value
  }

  get size() {
    return this.entries.size
  }
}
