// Installs the simulated host's three objects on a page, as a desktop host does before the app starts. It runs
// inside the page (hostInitScript sends its source), so it uses nothing from outside its own body.
// window.__hostSim holds the switches (change them at run time with __hostSim.set({...})) and every call made.
import type { HostFixture } from './fixture'

export interface HostSimOptions {
  /** How the objects are exposed (host-bridge.md): plain globals, WebView2 host objects, CefSharp binding. */
  style: 'globals' | 'webview2' | 'cefsharp'
  /** Which maker's object the dealer's host gives: 8021, 8002 or both (8021 is then used). */
  maker: '8021' | '8002' | 'both'
  /** Whether getstock0401 is there (part look-ups of its own, and plate and model of a VIN). */
  vin: boolean
  /** Globals only: each object a function, or an object with query. WebView2 and CefSharp give objects. */
  shape: 'function' | 'query'
  /** Answers as JSON text or as objects. */
  answer: 'text' | 'object'
  /** Globals only: answer at once instead of with a promise. */
  sync: boolean
  /** 8002 answers `rows` instead of `records`. */
  rows: boolean
  /** Each answer this much later. */
  delayMs: number
  /** code: answers code 500 and no data; throw: the object throws; hang: it never answers. */
  fail: 'none' | 'code' | 'throw' | 'hang'
  /** Answers cut-off JSON. */
  malformed: boolean
}

export const DEFAULT_HOST_SIM: HostSimOptions = {
  style: 'globals',
  maker: '8021',
  vin: true,
  shape: 'function',
  answer: 'text',
  sync: false,
  rows: false,
  delayMs: 0,
  fail: 'none',
  malformed: false,
}

export interface HostSimCall {
  object: string
  args: unknown[]
  /** The answer given, as the page received it; undefined while pending or when the object threw. */
  answer?: unknown
}

export interface HostSimState {
  options: HostSimOptions
  calls: HostSimCall[]
  set(options: Partial<HostSimOptions>): void
}

export function installHost(setup: { fixture: HostFixture; options: HostSimOptions }): void {
  const { fixture } = setup
  const w = window as unknown as Record<string, unknown> & {
    chrome?: { webview?: unknown }
    CefSharp?: unknown
  }
  const state: HostSimState = {
    options: { ...setup.options },
    calls: [],
    set(options) {
      Object.assign(state.options, options)
    },
  }
  w.__hostSim = state

  const norm = (value: unknown) =>
    String(value ?? '')
      .normalize('NFKC')
      .replace(/[\s\-./_·]/g, '')
      .toUpperCase()

  const answerOf = (object: string, args: unknown[]): unknown => {
    const [first, make] = args
    const part = fixture.parts[norm(first)]
    if (object === 'getstock8021') {
      // The maker code is the page's business; a VW dealer's DMS would refuse a Toyota code, not this one.
      void make
      if (!part) return { code: 200, data: { stock: [], replace: [] } }
      const replace = part.replace.map((n) => fixture.parts[n]?.upper).filter((r) => r !== undefined)
      return { code: 200, data: { stock: [part.upper], replace } }
    }
    if (object === 'getstock8002') {
      const list = part ? [part.lower] : []
      return { code: 200, data: state.options.rows ? { rows: list } : { records: list } }
    }
    const text = String(first ?? '').toUpperCase()
    if (/^[A-HJ-NPR-Z0-9]{17}$/.test(text)) {
      const vehicle = fixture.vins[text]
      return vehicle ? { code: 200, data: vehicle } : { code: 404, msg: '未找到该车架号', data: null }
    }
    return part ? { code: 200, data: part.upper } : { code: 404, msg: '未找到该配件', data: null }
  }

  /** One call of an object, with the switches as they are at that moment. */
  const respond = (object: string, args: unknown[], sync: boolean): unknown => {
    const o = state.options
    const call: HostSimCall = { object, args }
    state.calls.push(call)
    if (o.fail === 'throw') throw new Error('店端系统异常（模拟）')
    if (o.fail === 'hang') return new Promise(() => {})
    let answer: unknown
    if (o.malformed) answer = '{"code":200,"data":{"records":[{"PART_NO":"'
    else if (o.fail === 'code') answer = { code: 500, msg: '店端系统异常（模拟）', data: null }
    else answer = answerOf(object, args)
    if (typeof answer !== 'string' && o.answer === 'text') answer = JSON.stringify(answer)
    call.answer = answer
    if (sync) return answer
    return new Promise((resolve) => setTimeout(() => resolve(answer), o.delayMs))
  }

  const o = state.options
  const names = [
    ...(o.maker === '8002' ? [] : ['getstock8021']),
    ...(o.maker === '8021' ? [] : ['getstock8002']),
    ...(o.vin ? ['getstock0401'] : []),
  ]
  const objectFor = (name: string, asGlobal: boolean) => {
    const sync = asGlobal && o.sync && !o.delayMs
    const fn = (...args: unknown[]) => respond(name, args, sync)
    return asGlobal && o.shape === 'function' ? fn : { query: fn }
  }

  if (o.style === 'globals') {
    for (const name of names) w[name] = objectFor(name, true)
  } else if (o.style === 'webview2') {
    const hostObjects: Record<string, unknown> = {}
    for (const name of names) hostObjects[name] = objectFor(name, false)
    w.chrome = w.chrome ?? {}
    w.chrome.webview = { hostObjects }
  } else {
    // CefSharp binds the objects the page asks for; those its host did not register are skipped.
    const bindObjects = async (...wanted: string[]) => {
      const bound = wanted.filter((name) => names.includes(name))
      for (const name of bound) w[name] = objectFor(name, false)
      return { Success: bound.length > 0, Count: bound.length, Message: '' }
    }
    w.CefSharp = { BindObjectAsync: bindObjects }
  }
}

/**
 * The page script that installs the host: installHost's source called with the setup. A transpiler may wrap
 * functions in a `__name` helper of its module (tsx does), which the page lacks, so one is given beside it.
 */
export function hostInitScript(setup: { fixture: HostFixture; options: HostSimOptions }): string {
  return `(() => { const __name = (fn) => fn; (${installHost.toString()})(${JSON.stringify(setup)}) })()`
}
