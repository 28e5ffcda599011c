// Finds the desktop host's stock objects however the host exposes them (host-bridge.md: plain globals,
// WebView2 host objects, CefSharp bound objects) and calls them with a time-out, behind one interface. The
// answers are normalised by @epc/shared's host-bridge; a failed look-up rejects with 0, or '' without an object.
import {
  HOST_OBJECTS,
  HostLimits,
  type HostObjectName,
  type HostRejection,
  type HostStockRecord,
  type HostVehicle,
  normaliseStockAnswer,
  normaliseVinAnswer,
  rawAnswerText,
} from '@epc/shared'

export type HostStyle = 'globals' | 'webview2' | 'cefsharp'

/** What a host may have put on the page's window. */
export interface HostWindow {
  getstock8021?: unknown
  getstock8002?: unknown
  getstock0401?: unknown
  chrome?: { webview?: { hostObjects?: Record<string, unknown> } }
  CefSharp?: { BindObjectAsync?: (...names: string[]) => unknown }
}

export interface HostStockAnswer {
  records: HostStockRecord[]
  /** The answer as received (an object answer as its JSON text), for update4spricelist. */
  raw: string
  /** The object that answered. */
  source: HostObjectName
}

export interface HostBridge {
  style: HostStyle
  /** Look up a part: 8021 (with the maker code) when the host has it, else 8002, else 0401. */
  lookUpStock(partNumber: string, make: string): Promise<HostStockAnswer>
  /** Plate and model of a 17-character VIN from getstock0401. */
  lookUpVin(vin: string): Promise<HostVehicle>
}

/** Part look-ups ask these in order: a dealer's host has one of the first two (8021 wins when both exist). */
const STOCK_ORDER: HostObjectName[] = ['getstock8021', 'getstock8002', 'getstock0401']

const TIMED_OUT = Symbol('timed out')

/** Runs `work` (sync or async, throwing or not), giving up after `ms` with TIMED_OUT. */
function withTimeout<T>(work: () => T | PromiseLike<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(TIMED_OUT), ms)
    Promise.resolve()
      .then(work)
      .then(
        (value) => {
          clearTimeout(timer)
          resolve(value)
        },
        (error: unknown) => {
          clearTimeout(timer)
          reject(error)
        },
      )
  })
}

/** An object is a function or has a method `query`; WebView2 and CefSharp give objects with methods. */
function invoke(target: unknown, args: unknown[]): unknown {
  const method = (target as { query?: unknown } | null)?.query
  if (typeof method === 'function') return (target as { query: (...a: unknown[]) => unknown }).query(...args)
  if (typeof target === 'function') return target(...args)
  throw new TypeError('not a host object')
}

function globalsOf(win: HostWindow): Partial<Record<HostObjectName, unknown>> {
  const found: Partial<Record<HostObjectName, unknown>> = {}
  for (const name of HOST_OBJECTS) if (win[name] != null) found[name] = win[name]
  return found
}

const hasAny = (objects: object) => Object.keys(objects).length > 0

/** The host's objects and how they came (a WebView2 proxy may exist for a name the host never added). */
async function findObjects(win: HostWindow, timeoutMs: number) {
  const globals = globalsOf(win)
  if (hasAny(globals)) return { style: 'globals' as const, objects: globals }
  const hostObjects = win.chrome?.webview?.hostObjects
  if (hostObjects) {
    const objects: Partial<Record<HostObjectName, unknown>> = {}
    for (const name of HOST_OBJECTS) if (hostObjects[name] != null) objects[name] = hostObjects[name]
    if (hasAny(objects)) return { style: 'webview2' as const, objects }
  }
  const cef = win.CefSharp
  if (typeof cef?.BindObjectAsync === 'function') {
    // CefSharp binds on request; objects the host did not register are skipped, and the rest become globals.
    await withTimeout(() => cef.BindObjectAsync?.(...HOST_OBJECTS), timeoutMs).catch(() => undefined)
    const bound = globalsOf(win)
    if (hasAny(bound)) return { style: 'cefsharp' as const, objects: bound }
  }
  return null
}

/** The host's bridge, or null when the page runs in an ordinary browser. */
export async function detectHost(
  win: HostWindow,
  timeoutMs: number = HostLimits.timeoutMs,
): Promise<HostBridge | null> {
  const found = await findObjects(win, timeoutMs)
  if (!found) return null
  const { objects } = found
  // The first in STOCK_ORDER of the objects that have answered a part look-up; asked first from then on. Not
  // simply the last to answer: a WebView2 8021 failing once would leave a host that has both on 8002, which
  // the contract uses only when 8021 is absent.
  let stockSource: HostObjectName | undefined

  /**
   * Asks the first object there is. Only WebView2 moves on to the next when a call fails, as its names may be
   * proxies of nothing; elsewhere a failing object is the host's answer. A time-out ends the look-up.
   */
  const ask = async (names: HostObjectName[], argsOf: (name: HostObjectName) => unknown[]) => {
    const present = names.filter((n) => objects[n] !== undefined)
    if (!present.length) throw '' satisfies HostRejection
    const candidates = found.style === 'webview2' ? present : present.slice(0, 1)
    for (const name of candidates) {
      try {
        return { name, answer: await withTimeout(() => invoke(objects[name], argsOf(name)), timeoutMs) }
      } catch (error) {
        if (error === TIMED_OUT) break
      }
    }
    throw 0 satisfies HostRejection
  }

  return {
    style: found.style,
    async lookUpStock(partNumber, make) {
      const order = stockSource ? [stockSource, ...STOCK_ORDER.filter((n) => n !== stockSource)] : STOCK_ORDER
      const { name, answer } = await ask(order, (n) =>
        n === 'getstock8021' ? [partNumber, make] : [partNumber],
      )
      if (!stockSource || STOCK_ORDER.indexOf(name) < STOCK_ORDER.indexOf(stockSource)) stockSource = name
      const records = normaliseStockAnswer(answer)
      if (records === 0) throw 0 satisfies HostRejection
      return { records, raw: rawAnswerText(answer), source: name }
    },
    async lookUpVin(vin) {
      const { answer } = await ask(['getstock0401'], () => [vin])
      const vehicle = normaliseVinAnswer(answer)
      if (vehicle === 0) throw 0 satisfies HostRejection
      return vehicle
    },
  }
}

let current: Promise<HostBridge | null> | undefined

/** The page's host, found once: the host injects its objects before the app starts (CefSharp binds on request). */
export function hostBridge(): Promise<HostBridge | null> {
  current ??= detectHost(window as unknown as HostWindow)
  return current
}
