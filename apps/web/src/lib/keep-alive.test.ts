import { describe, expect, it } from 'vitest'
import { touchRecent } from './keep-alive'

describe('kept views', () => {
  it('keeps the ten most recently used views and drops the oldest', () => {
    const views = new Map<string, number>()
    for (let i = 1; i <= 10; i++) expect(touchRecent(views, `/v${i}`, i, 10)).toEqual([])
    // Visiting v1 again makes v2 the oldest.
    touchRecent(views, '/v1', 1, 10)
    expect(touchRecent(views, '/v11', 11, 10)).toEqual(['/v2'])
    expect([...views.keys()]).toEqual([
      '/v3',
      '/v4',
      '/v5',
      '/v6',
      '/v7',
      '/v8',
      '/v9',
      '/v10',
      '/v1',
      '/v11',
    ])
  })
})
