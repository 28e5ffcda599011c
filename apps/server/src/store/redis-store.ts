// The Redis implementation of SharedStore; keys carry a prefix so several installations can share one Redis.
import { Redis } from 'ioredis'
import type { SharedStore } from './shared-store'

// INCR and the first PEXPIRE in one step, so a counter never outlives its window.
const INCR_WITH_TTL = `local v = redis.call('INCR', KEYS[1])
if v == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return v`

export class RedisStore implements SharedStore {
  private readonly redis: Redis

  constructor(url: string, prefix: string) {
    this.redis = new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 2, enableOfflineQueue: true })
  }

  async incr(key: string, ttlMs: number) {
    return Number(await this.redis.eval(INCR_WITH_TTL, 1, key, ttlMs))
  }

  get(key: string) {
    return this.redis.get(key)
  }

  async getMany(keys: string[]) {
    return keys.length ? this.redis.mget(keys) : []
  }

  async set(key: string, value: string, ttlMs: number, onlyIfAbsent = false) {
    const answer = onlyIfAbsent
      ? await this.redis.set(key, value, 'PX', ttlMs, 'NX')
      : await this.redis.set(key, value, 'PX', ttlMs)
    return answer === 'OK'
  }

  async del(key: string) {
    await this.redis.del(key)
  }

  async close() {
    await this.redis.quit()
  }
}
