// The bridge against fake hosts of every kind host-bridge.md allows: plain globals, WebView2 host objects and
// CefSharp bound objects; functions or objects with query; sync or async; JSON text or objects; and the
// failures that reject with 0 (code not 200, no data, not JSON, a throw, no answer in time) or '' (no object).
import { describe, expect, it, vi } from 'vitest'
import { detectHost, type HostWindow } from './bridge'

const row8021 = {
  PART_NO: '5Q0 615 301 F',
  PART_NAME: '前制动盘',
  PRICE: 512.3,
  NETWR: 698,
  STOCK_QUANTITY: 4,
}
const row8002 = {
  part_no: '04465-02220',
  part_name: '前刹车片',
  price: '245.50',
  netwr: '368.00',
  stock_quantity: '37.000',
}
const answer8021 = {
  code: 200,
  data: { stock: [row8021], replace: [{ ...row8021, PART_NO: '5Q0 615 301 G' }] },
}
const answer8002 = { code: 200, data: { records: [row8002] } }

/** A CefSharp browser whose host registered none of the objects. */
const CEF_BINDING_NOTHING: HostWindow = {
  CefSharp: { BindObjectAsync: vi.fn(async () => ({ Success: false, Count: 0 })) },
}

/** A look-up's rejection value (the bridge never rejects with an Error). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => 'resolved',
    (reason: unknown) => reason,
  )
}

async function bridgeOf(win: HostWindow, timeoutMs = 100) {
  const bridge = await detectHost(win, timeoutMs)
  if (!bridge) throw new Error('no host found')
  return bridge
}

describe('finding the host', () => {
  it('finds none in an ordinary browser', async () => {
    expect(await detectHost({})).toBeNull()
    expect(await detectHost({ chrome: {} } as HostWindow)).toBeNull()
    expect(await detectHost({ chrome: { webview: { hostObjects: {} } } })).toBeNull()
  })

  it('uses plain globals: a function answering at once, with the part number and the maker code', async () => {
    const getstock8021 = vi.fn(() => answer8021)
    const bridge = await bridgeOf({ getstock8021 })
    expect(bridge.style).toBe('globals')
    const answer = await bridge.lookUpStock('5Q0 615 301 F', 'FV')
    expect(getstock8021).toHaveBeenCalledWith('5Q0 615 301 F', 'FV')
    expect(answer.source).toBe('getstock8021')
    expect(answer.records.map((r) => [r.disp_number, r.flag, r.sale_price])).toEqual([
      ['5Q0 615 301 F', false, 698],
      ['5Q0 615 301 G', true, 698],
    ])
    // An object answer is reported as its JSON text.
    expect(answer.raw).toBe(JSON.stringify(answer8021))
  })

  it('uses an object with query answering a promise of JSON text, reported as received', async () => {
    const text = JSON.stringify(answer8002)
    const query = vi.fn(async (_number: string) => text)
    const bridge = await bridgeOf({ getstock8002: { query } })
    const answer = await bridge.lookUpStock('04465-02220', 'GT')
    expect(query).toHaveBeenCalledWith('04465-02220')
    expect(answer).toMatchObject({ source: 'getstock8002', raw: text })
    expect(answer.records[0]).toMatchObject({
      disp_number: '04465-02220',
      available_stock: 37,
      sale_price: 368,
    })
  })

  it('prefers 8021 when both makers objects exist, and falls back to 0401 alone', async () => {
    const both = await bridgeOf({ getstock8021: () => answer8021, getstock8002: () => answer8002 })
    expect((await both.lookUpStock('5Q0 615 301 F', 'FV')).source).toBe('getstock8021')
    const only0401 = await bridgeOf({ getstock0401: () => ({ code: 200, data: row8021 }) })
    expect((await only0401.lookUpStock('5Q0 615 301 F', '')).records).toHaveLength(1)
  })

  it('uses WebView2 host objects, whose methods answer promises', async () => {
    const bridge = await bridgeOf({
      chrome: {
        webview: { hostObjects: { getstock8002: { query: async () => JSON.stringify(answer8002) } } },
      },
    })
    expect(bridge.style).toBe('webview2')
    expect((await bridge.lookUpStock('04465-02220', '')).records).toHaveLength(1)
  })

  it('moves on from a WebView2 name the host did not add (its proxy exists, its call fails)', async () => {
    const missing = { query: () => Promise.reject(new Error('Element not found')) }
    const getstock8002 = { query: vi.fn(async () => answer8002) }
    const bridge = await bridgeOf({
      chrome: { webview: { hostObjects: { getstock8021: missing, getstock8002, getstock0401: missing } } },
    })
    expect((await bridge.lookUpStock('04465-02220', '')).source).toBe('getstock8002')
    expect((await bridge.lookUpStock('04465-02220', '')).source).toBe('getstock8002')
    expect(await rejection(bridge.lookUpVin('LFVBA41K2KC947080'))).toBe(0)
  })

  it('keeps asking WebView2 8021 first after one failed call, as the host has it', async () => {
    let fail8021 = false
    const getstock8021 = {
      query: vi.fn(async () => (fail8021 ? Promise.reject(new Error('DMS busy')) : answer8021)),
    }
    const getstock8002 = { query: vi.fn(async () => answer8002) }
    const bridge = await bridgeOf({ chrome: { webview: { hostObjects: { getstock8021, getstock8002 } } } })
    expect((await bridge.lookUpStock('5Q0 615 301 F', 'FV')).source).toBe('getstock8021')
    fail8021 = true
    expect((await bridge.lookUpStock('5Q0 615 301 F', 'FV')).source).toBe('getstock8002')
    fail8021 = false
    expect((await bridge.lookUpStock('5Q0 615 301 F', 'FV')).source).toBe('getstock8021')
    expect(getstock8021.query).toHaveBeenCalledTimes(3)
  })

  it('binds CefSharp objects on request, then calls them as globals', async () => {
    const win: HostWindow = {}
    win.CefSharp = {
      BindObjectAsync: vi.fn(async (...names: string[]) => {
        expect(names).toEqual(['getstock8021', 'getstock8002', 'getstock0401'])
        win.getstock8021 = { query: async () => answer8021 }
        return { Success: true, Count: 1 }
      }),
    }
    const bridge = await bridgeOf(win)
    expect(bridge.style).toBe('cefsharp')
    expect((await bridge.lookUpStock('5Q0 615 301 F', 'FV')).records[0]?.storagePositionCode).toBe('')
  })

  it('finds no host when CefSharp binds nothing', async () => {
    expect(await detectHost(CEF_BINDING_NOTHING)).toBeNull()
  })
})

describe('failed look-ups reject with 0', () => {
  const lookUp = async (getstock8002: unknown, timeoutMs = 100) =>
    rejection((await bridgeOf({ getstock8002 }, timeoutMs)).lookUpStock('04465-02220', ''))

  it('when the code is not 200', async () => {
    expect(await lookUp(() => ({ code: 500, data: { records: [row8002] } }))).toBe(0)
    expect(await lookUp(async () => '{"code":"404","data":null}')).toBe(0)
  })

  it('when the data is missing or empty', async () => {
    expect(await lookUp(() => ({ code: 200 }))).toBe(0)
    expect(await lookUp(() => ({ code: 200, data: { rows: [] } }))).toBe(0)
    expect(await lookUp(() => ({ code: 200, data: { records: [{ PART_NAME: '无编号' }] } }))).toBe(0)
  })

  it('when the answer is not JSON', async () => {
    expect(await lookUp(() => '<html>500</html>')).toBe(0)
    expect(await lookUp(async () => undefined)).toBe(0)
  })

  it('when the host throws, at once or in its promise', async () => {
    expect(
      await lookUp(() => {
        throw new Error('DMS offline')
      }),
    ).toBe(0)
    expect(await lookUp({ query: () => Promise.reject(new Error('DMS offline')) })).toBe(0)
    expect(await lookUp({ nothing: true })).toBe(0)
  })

  it('when the object there throws, without asking another (only WebView2 names may be empty)', async () => {
    const getstock8002 = vi.fn(() => answer8002)
    const bridge = await bridgeOf({
      getstock8021: () => {
        throw new Error('DMS offline')
      },
      getstock8002,
    })
    expect(await rejection(bridge.lookUpStock('04465-02220', ''))).toBe(0)
    expect(getstock8002).not.toHaveBeenCalled()
  })

  it('when the host never answers, after the time-out', async () => {
    const started = Date.now()
    expect(await lookUp(() => new Promise(() => {}), 80)).toBe(0)
    expect(Date.now() - started).toBeGreaterThanOrEqual(70)
  })

  it('after the contract time-out of 5 s by default', async () => {
    vi.useFakeTimers()
    try {
      const bridge = await detectHost({ getstock8002: () => new Promise(() => {}) })
      const outcome = rejection(bridge?.lookUpStock('04465-02220', '') ?? Promise.resolve())
      await vi.advanceTimersByTimeAsync(4999)
      let settled = false
      void outcome.then(() => {
        settled = true
      })
      await Promise.resolve()
      expect(settled).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(await outcome).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('VIN look-ups', () => {
  const vin = 'LFVBA41K2KC947080'

  it('read plate and model from 0401', async () => {
    const getstock0401 = vi.fn(async () =>
      JSON.stringify({ code: 200, data: { PLATE_NO: '京A12345', MODEL_NAME: '速腾 2019款 280TSI' } }),
    )
    const bridge = await bridgeOf({ getstock8021: () => answer8021, getstock0401 })
    expect(await bridge.lookUpVin(vin)).toEqual({ plate: '京A12345', model: '速腾 2019款 280TSI' })
    expect(getstock0401).toHaveBeenCalledWith(vin)
  })

  it("reject with '' without 0401, and with 0 when it knows nothing", async () => {
    expect(await rejection((await bridgeOf({ getstock8021: () => answer8021 })).lookUpVin(vin))).toBe('')
    const unknown = await bridgeOf({ getstock0401: () => ({ code: 404, data: null }) })
    expect(await rejection(unknown.lookUpVin(vin))).toBe(0)
  })
})
