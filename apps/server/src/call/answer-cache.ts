// Final answers of catalogue look-ups, kept as the response body's bytes (with the small note the call's
// `after` needs) in a size-bounded LRU: the catalogue is read-mostly, so a repeated look-up is answered
// without SQL, JSON, deflate or even UTF-8 encoding. Keys carry the catalogue's version, so an import makes
// earlier answers unreachable. With no memory given (ANSWER_CACHE_MB=0) nothing is kept and nothing found.

export interface KeptAnswer {
  bytes: Buffer
  /** What the call's `after` needs, so that a hit is never decoded (e.g. a VIN query's model and VIN). */
  note?: unknown
}

// What an entry costs besides its key and bytes (the Map's slot, the entry object, a small note).
const ENTRY_OVERHEAD = 64

function keyOf(kind: string, version: string, value: unknown): string {
  return `${kind}\n${version}\n${JSON.stringify(value)}`
}

export class AnswerCache {
  private readonly entries = new Map<string, KeptAnswer>()
  private bytes = 0

  constructor(
    private readonly maxBytes: number,
    /** The catalogue's current version (app.ts: read again at most every few seconds, else at once). */
    private readonly readVersion: () => string | Promise<string>,
  ) {}

  /**
   * The one way keys are made: the kind (a call's path) and the catalogue's version, which hold no line
   * break, then JSON of the call's key value. Unlike values joined with separators, two different values
   * never give the same key. A string when the version is at hand, so a hit waits for nothing.
   */
  key(kind: string, value: unknown): string | Promise<string> {
    const version = this.readVersion()
    return typeof version === 'string'
      ? keyOf(kind, version, value)
      : version.then((v) => keyOf(kind, v, value))
  }

  get(key: string): KeptAnswer | undefined {
    const entry = this.entries.get(key)
    if (entry !== undefined) {
      this.entries.delete(key)
      this.entries.set(key, entry)
    }
    return entry
  }

  set(key: string, entry: KeptAnswer) {
    const cost = key.length + entry.bytes.length + ENTRY_OVERHEAD
    if (cost > this.maxBytes) return
    const old = this.entries.get(key)
    if (old !== undefined) this.bytes -= key.length + old.bytes.length + ENTRY_OVERHEAD
    this.entries.delete(key)
    this.entries.set(key, entry)
    this.bytes += cost
    for (const [oldest, stored] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.entries.delete(oldest)
      this.bytes -= oldest.length + stored.bytes.length + ENTRY_OVERHEAD
    }
  }

  get size() {
    return this.entries.size
  }
}
