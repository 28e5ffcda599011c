// Crash safety: sheet writes from concurrent clients over real HTTP, the server SIGKILLed at seeded random
// moments; after each restart every acknowledged write is there and nothing half-written is visible.
// CRASH_ROUNDS sets the kills per database (npm test 20, npm run soak 100); CRASH_SEED replays a run.
import type { ChildProcess } from 'node:child_process'
import { DEMO_SITE_KEYS } from '@epc/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeData, sealRequest } from '../src/call/envelope-codec'
import { seedDemoAccount } from '../src/db/seed/demo-account'
import { lineMoneyFen } from '../src/modules/sheets/sheets.service'
import { loadTinyCatalogue } from './catalogue-fixture'
import { exited, startServer } from './child-server'
import { dbKinds, type FreshDatabase, freshDatabase, TEST_PASSWORD_HASH_COST } from './helper'

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 20)
const CLIENTS = 4
const SEED = Number(process.env.CRASH_SEED ?? Date.now() % 2 ** 31)

/** mulberry32: a small seeded generator, so a failing run replays with its CRASH_SEED. */
function seeded(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) }
}
type Rng = ReturnType<typeof seeded>

type Kind = 'quote' | 'purchase'
interface Line {
  id?: number
  amountX100: number
  priceFen: number
}
interface Sheet {
  orderId?: string
  kind: Kind
  clientName: string
  carNo: string
  lines: Map<string, Line>
}
/** A client's sheets as its acknowledged writes left them. */
type Ledger = Sheet[]

interface Answer {
  ResultCode: string
  ResultMsg: string
  value?: unknown
}

const VIN = 'LFV2A21K0A3000017'
const PATHS = {
  quote: {
    create: 'createquoteordermaster',
    update: 'updatequoteordermaster',
    remove: 'deletequoteordermaster',
    list: 'queryquoteorder',
    detail: 'queryquoteorderdetail',
    addLine: 'createquoteorderdetail',
    updateLine: 'updatequoteorderdetail',
    removeLine: 'deletequoteorderdetail',
    price: 'sale_prices',
  },
  purchase: {
    create: 'createpurchaseordermaster',
    update: 'updatepurchaseordermaster',
    remove: 'deletepurchaseordermaster',
    list: 'querypurchaseorder',
    detail: 'querypurchaseorderdetail',
    addLine: 'createpurchaseorderdetail',
    updateLine: 'updatepurchaseorderdetail',
    removeLine: 'deletepurchaseorderdetail',
    price: 'tax_prices',
  },
} as const

const decimal = (hundredths: number) => (hundredths / 100).toFixed(2)
const fen = (yuan: unknown) => Math.round(Number(yuan) * 100)

/** A write: what it sends, and what it does to the ledger once acknowledged (answer absent if unknown). */
interface Write {
  path: string
  payload: object
  apply(ledger: Ledger, answer?: Answer): void
}

/** The next write of client `c`, picked at random from what its ledger allows. */
function nextWrite(c: number, ledger: Ledger, rng: Rng, serial: () => number): Write {
  const known = ledger.filter((s) => s.orderId)
  const pick = <T>(list: T[]) => list[rng.int(0, list.length - 1)] as T
  const roll = rng.next()
  if (known.length < 2 || (roll < 0.1 && known.length < 4)) {
    const kind: Kind = rng.next() < 0.5 ? 'quote' : 'purchase'
    const clientName = `c${c}-${serial()}`
    return {
      path: PATHS[kind].create,
      payload: { VIN, ClientName: clientName },
      apply: (l, answer) =>
        void l.push({ kind, clientName, carNo: '', lines: new Map(), orderId: answer?.value as string }),
    }
  }
  const sheet = pick(known)
  const p = PATHS[sheet.kind]
  const find = (l: Ledger) => l.find((s) => s.orderId === sheet.orderId) as Sheet
  const withIds = [...sheet.lines].filter(([, line]) => line.id !== undefined)
  if (roll < 0.15 || known.length > 4) {
    return {
      path: p.remove,
      payload: { OrderId: sheet.orderId },
      apply: (l) => l.splice(l.indexOf(find(l)), 1),
    }
  }
  if (roll < 0.25) {
    const clientName = `c${c}-${serial()}`
    const carNo = `京A${serial()}`
    return {
      path: p.update,
      payload: { OrderId: sheet.orderId, VIN, ClientName: clientName, carNo },
      apply: (l) => Object.assign(find(l), { clientName, carNo: carNo.toUpperCase() }),
    }
  }
  const amountX100 = rng.int(1, 9_999_900)
  const priceFen = rng.int(0, 999_999_999)
  if (roll < 0.6 || !withIds.length) {
    const part = `P${c}X${serial()}`
    return {
      path: p.addLine,
      payload: {
        OrderId: sheet.orderId,
        part_number: part,
        Amount: decimal(amountX100),
        [p.price]: decimal(priceFen),
      },
      apply: (l) => void find(l).lines.set(part, { amountX100, priceFen }),
    }
  }
  const [part, line] = pick(withIds)
  if (roll < 0.85) {
    return {
      path: p.updateLine,
      payload: {
        OrderId: sheet.orderId,
        Id: line.id,
        Amount: decimal(amountX100),
        [p.price]: decimal(priceFen),
      },
      apply: (l) => Object.assign(find(l).lines.get(part) as Line, { amountX100, priceFen }),
    }
  }
  return {
    path: p.removeLine,
    payload: { OrderId: sheet.orderId, Id: line.id },
    apply: (l) => find(l).lines.delete(part),
  }
}

/** The ledger's content in one comparable string: no OrderIds or line Ids, which a lost answer leaves unknown. */
function canonical(ledger: Ledger): string {
  return ledger
    .map(
      (s) =>
        `${s.kind}|${s.clientName}|${s.carNo}|${[...s.lines]
          .map(([part, l]) => `${part}:${l.amountX100}:${l.priceFen}`)
          .sort()
          .join(',')}`,
    )
    .sort()
    .join('\n')
}

describe.each(dbKinds)('sheet writes across SIGKILL on %s', (kind) => {
  let database: FreshDatabase
  let server: ChildProcess | undefined
  let base = ''
  let token = ''

  async function call(path: string, payload: object): Promise<Answer> {
    const res = await fetch(`${base}/api/epc/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(sealRequest(DEMO_SITE_KEYS, payload)),
    })
    const raw = (await res.json()) as { ResultCode: string; ResultMsg: string; data?: string }
    return { ...raw, value: raw.data ? decodeData(raw.data) : undefined }
  }

  async function start() {
    const started = await startServer(database.serverEnv)
    server = started.child
    base = started.base
  }

  beforeAll(async () => {
    database = await freshDatabase(kind, { onDisk: true })
    // The demo account made here means the server's start adds no demo sheets; the tiny catalogue spares it
    // importing the demo one.
    await seedDemoAccount(database.db.kysely, Date.now(), Number(TEST_PASSWORD_HASH_COST))
    await loadTinyCatalogue(database.db)
    await start()
    const login = await fetch(`${base}/api/author/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(sealRequest(DEMO_SITE_KEYS, { Mobile: '13800138000', Password: 'demo1234' })),
    })
    token = (decodeData(((await login.json()) as { data: string }).data) as { Token: string }).Token
  })

  afterAll(async () => {
    if (server) {
      server.kill('SIGKILL')
      await exited(server)
    }
    await database?.drop()
  })

  /** Every sheet of the company through the API, as ledgers per client (ClientName starts `c<n>-`). */
  async function serverLedgers(): Promise<Ledger[]> {
    const out: Ledger[] = Array.from({ length: CLIENTS }, () => [])
    for (const sheetKind of ['quote', 'purchase'] as const) {
      const rows: Record<string, unknown>[] = []
      for (let page = 1; ; page++) {
        const answer = await call(PATHS[sheetKind].list, { PageIndex: page, PageSize: 100 })
        expect(answer.ResultCode).toBe('10000')
        const got = answer.value as Record<string, unknown>[]
        rows.push(...got)
        if (got.length < 100) break
      }
      for (const row of rows) {
        const items = row.itemList as Record<string, unknown>[]
        // Nothing half-written: each line's money is its amount × price, the total their sum.
        let total = 0
        const lines = new Map<string, Line>()
        for (const item of items) {
          const line = {
            id: item.Id as number,
            amountX100: fen(item.Amount),
            priceFen: fen(item[PATHS[sheetKind].price]),
          }
          expect(fen(item.money), `${row.OrderId} ${item.part_number}`).toBe(
            lineMoneyFen(line.amountX100, line.priceFen),
          )
          total += fen(item.money)
          lines.set(item.part_number as string, line)
        }
        expect(fen(row.total_Money), `${row.OrderId} total_Money`).toBe(total)
        const c = Number(/^c(\d+)-/.exec(row.ClientName as string)?.[1])
        out[c]?.push({
          orderId: row.OrderId as string,
          kind: sheetKind,
          clientName: row.ClientName as string,
          carNo: row.carNo as string,
          lines,
        })
      }
    }
    return out
  }

  /** What the database itself holds: no line without its sheet, no OrderId twice, counters past every number. */
  async function checkTables() {
    const db = database.db.kysely
    const orphans = await sql<{ n: number }>`select count(*) as n from sheet_lines l
      where not exists (select 1 from sheets s where s.id = l.sheet_id)`.execute(db)
    expect(Number(orphans.rows[0]?.n)).toBe(0)
    const twice = await sql`select company_id, order_id from sheets group by company_id, order_id
      having count(*) > 1`.execute(db)
    expect(twice.rows).toEqual([])
    const sheets = await db.selectFrom('sheets').select(['company_id', 'kind', 'order_id']).execute()
    const counters = await db.selectFrom('sheet_counters').selectAll().execute()
    for (const s of sheets) {
      const counter = counters.find(
        (k) => k.company_id === s.company_id && k.kind === s.kind && k.day === s.order_id.slice(2, 10),
      )
      // A counter behind a stored number would hand that number out again.
      expect(Number(counter?.last), s.order_id).toBeGreaterThanOrEqual(Number(s.order_id.slice(10)))
    }
  }

  it(
    `keeps every acknowledged write through ${ROUNDS} kills`,
    async () => {
      console.log(`crash-safety on ${kind}: CRASH_SEED=${SEED} CRASH_ROUNDS=${ROUNDS}`)
      const rng = seeded(SEED)
      const ledgers: Ledger[] = Array.from({ length: CLIENTS }, () => [])
      let serialNo = 0
      const serial = () => ++serialNo
      let acknowledged = 0
      for (let round = 1; round <= ROUNDS; round++) {
        const clientRngs = Array.from({ length: CLIENTS }, () => seeded(rng.int(0, 2 ** 31)))
        const killAfterMs = rng.int(50, 800)
        let killed = false
        /** Each client writes until a request fails; that one write's outcome is unknown. */
        const runClient = async (c: number): Promise<Write | undefined> => {
          const ledger = ledgers[c] as Ledger
          while (true) {
            const write = nextWrite(c, ledger, clientRngs[c] as Rng, serial)
            let answer: Answer
            try {
              answer = await call(write.path, write.payload)
            } catch (error) {
              if (!killed) throw error
              return write
            }
            expect(answer.ResultCode, `${write.path} ${answer.ResultMsg} (CRASH_SEED=${SEED})`).toBe('10000')
            write.apply(ledger, answer)
            acknowledged += 1
            // Learn the new line's Id so later writes can change it; losing this read loses nothing.
            if (write.path.endsWith('detail') && write.path.startsWith('create')) {
              const sheet = ledger.find((s) => s.orderId === (write.payload as { OrderId: string }).OrderId)
              try {
                const detail = await call(PATHS[sheet?.kind ?? 'quote'].detail, { OrderId: sheet?.orderId })
                for (const item of detail.value as { Id: number; part_number: string }[]) {
                  const line = sheet?.lines.get(item.part_number)
                  if (line) line.id = item.Id
                }
              } catch (error) {
                if (!killed) throw error
                return undefined
              }
            }
          }
        }
        const clients = Array.from({ length: CLIENTS }, (_, c) => runClient(c))
        await new Promise((done) => setTimeout(done, killAfterMs))
        killed = true
        server?.kill('SIGKILL')
        const unknown = await Promise.all(clients)
        if (server) await exited(server)
        await start()

        const found = await serverLedgers()
        for (let c = 0; c < CLIENTS; c++) {
          const mine = ledgers[c] as Ledger
          const before = canonical(mine)
          const write = unknown[c]
          const candidates = [before]
          if (write) {
            const after = structuredClone(mine)
            write.apply(after)
            candidates.push(canonical(after))
          }
          expect(candidates, `client ${c} after kill ${round} (CRASH_SEED=${SEED})`).toContain(
            canonical(found[c] as Ledger),
          )
          ledgers[c] = found[c] as Ledger
        }
        await checkTables()
      }
      console.log(`crash-safety on ${kind}: ${ROUNDS} kills, ${acknowledged} acknowledged writes checked`)
    },
    ROUNDS * 20_000,
  )
})
