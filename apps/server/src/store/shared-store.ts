// Short-lived shared state: replay memory, rate-limit counters, SMS throttles. In-process memory by
// default; Redis when REDIS_URL is set, so several server processes see the same counters.

export interface SharedStore {
  /** Increments a counter that expires `ttlMs` after its first increment; answers the new value. */
  incr(key: string, ttlMs: number): Promise<number>
  get(key: string): Promise<string | null>
  getMany(keys: string[]): Promise<(string | null)[]>
  /** Stores a value; with `onlyIfAbsent` it answers false, changing nothing, when the key exists. */
  set(key: string, value: string, ttlMs: number, onlyIfAbsent?: boolean): Promise<boolean>
  del(key: string): Promise<void>
  close(): Promise<void>
}

export class MemoryStore implements SharedStore {
  private readonly entries = new Map<string, { value: string; expiresAt: number }>()
  private readonly sweeper: NodeJS.Timeout

  /** `now` is the clock expiries are measured on; tests pass their own. */
  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), 60_000)
    this.sweeper.unref()
  }

  private live(key: string) {
    const entry = this.entries.get(key)
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key)
      return undefined
    }
    return entry
  }

  private sweep() {
    const now = this.now()
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key)
  }

  async incr(key: string, ttlMs: number) {
    const entry = this.live(key)
    const value = entry ? Number(entry.value) + 1 : 1
    this.entries.set(key, { value: String(value), expiresAt: entry?.expiresAt ?? this.now() + ttlMs })
    return value
  }

  async get(key: string) {
    return this.live(key)?.value ?? null
  }

  async getMany(keys: string[]) {
    return keys.map((k) => this.live(k)?.value ?? null)
  }

  async set(key: string, value: string, ttlMs: number, onlyIfAbsent = false) {
    if (onlyIfAbsent && this.live(key)) return false
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs })
    return true
  }

  async del(key: string) {
    this.entries.delete(key)
  }

  async close() {
    clearInterval(this.sweeper)
    this.entries.clear()
  }
}
