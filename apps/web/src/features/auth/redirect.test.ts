// @vitest-environment node
// safeRedirect against the URL parser browsers use (Node's WHATWG URL; happy-dom's own URL differs).
import { describe, expect, it } from 'vitest'
import { safeRedirect } from './redirect'

const ORIGIN = 'https://epc.example.cn'
const HOME = '/vinSearch'

describe('safeRedirect', () => {
  it.each([
    ['/partsFilter?ModelId=M1&fromType=1', '/partsFilter?ModelId=M1&fromType=1'],
    ['/quoteOrder', '/quoteOrder'],
    ['/printSheet?type=0&OrderId=BJ1#top', '/printSheet?type=0&OrderId=BJ1#top'],
    ['/user/admin', '/user/admin'],
    // The same path written with dot segments is still the same app page.
    ['/user/../quoteOrder', '/quoteOrder'],
  ])('keeps the app path %s', (target, expected) => {
    expect(safeRedirect(target, ORIGIN)).toBe(expected)
  })

  it.each([
    [null],
    [''],
    ['vinSearch'],
    ['https://evil.example/login'],
    ['//evil.example'],
    ['/\\evil.example'],
    ['/\\/evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['javascript:alert(1)'],
    [' /quoteOrder'],
    [`${ORIGIN}/quoteOrder`],
    ['/login'],
    ['/login?redirect=%2FquoteOrder'],
    ['/Login'],
  ])('sends %j to VIN search instead', (target) => {
    expect(safeRedirect(target, ORIGIN)).toBe(HOME)
  })

  it('uses the given fallback without a usable target (an ended service lands on the buy page)', () => {
    expect(safeRedirect(null, ORIGIN, '/user/buyService')).toBe('/user/buyService')
    expect(safeRedirect('//evil.example', ORIGIN, '/user/buyService')).toBe('/user/buyService')
    expect(safeRedirect('/quoteOrder', ORIGIN, '/user/buyService')).toBe('/quoteOrder')
  })
})
