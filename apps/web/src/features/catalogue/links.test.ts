// The catalogue screens' URLs: in the app at their own paths; in an embedded catalogue under its
// /embed/<link> address, so the frame never leaves it.
import { describe, expect, it, vi } from 'vitest'
import { partsDetailUrl, partsFilterUrl } from './links'

describe('catalogue links', () => {
  it('lead to the screens at their own paths, empty parameters left out', () => {
    expect(partsFilterUrl({ modelCode: 'M1', vin: 'LSVNV2182N2000001', fromType: 1, main: null })).toBe(
      '/partsFilter?ModelId=M1&vin=LSVNV2182N2000001&fromType=1',
    )
    expect(partsDetailUrl({ modelCode: 'M1', imageid: 'I7', callout: 3, fromType: 2 })).toBe(
      '/partsDetail?ModelId=M1&imageid=I7&callout=3&fromType=2',
    )
  })

  it('stay under /embed/<link> in a page loaded there', async () => {
    ;(window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
      'http://127.0.0.1/embed/AbC_123-xyz',
    )
    vi.resetModules()
    const embedded = await import('./links')
    expect(embedded.partsFilterUrl({ modelCode: 'M1', vin: 'LSVNV2182N2000001', fromType: 1 })).toBe(
      '/embed/AbC_123-xyz/partsFilter?ModelId=M1&vin=LSVNV2182N2000001&fromType=1',
    )
    expect(embedded.partsDetailUrl({ modelCode: 'M1', imageid: 'I7', fromType: 1 })).toBe(
      '/embed/AbC_123-xyz/partsDetail?ModelId=M1&imageid=I7&fromType=1',
    )
  })
})
