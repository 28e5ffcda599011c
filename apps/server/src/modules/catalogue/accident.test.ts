// The accident answer holds only what the ticked zones reach, walked over every zone of every model of the
// demo catalogue a fresh `npm start` installs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshDatabase, startTestApp, type TestApp } from '../../../test/helper'
import type { Caller } from '../../call'
import { demoCatalogue } from '../../catalogue-data/demo/generate'
import { formatProblem, runImport } from '../../catalogue-data/import/importer'
import { recordSource } from '../../catalogue-data/import/record-source'
import { ScenariosService } from './scenarios.service'

// Read from the part's name, not through position.ts, so the rule is checked against what a clerk reads.
const LEADS_WITH_REAR = /^[左右]?后(?!视镜)/u
const LEADS_WITH_FRONT = /^[左右]?前/u

/** What a part's name may not show for a zone to reach it. */
function wrongFor(zone: string): RegExp[] {
  const wrong: RegExp[] = []
  if (zone.startsWith('left')) wrong.push(/右/u)
  if (zone.startsWith('right')) wrong.push(/左/u)
  if (zone.startsWith('front') || zone.endsWith('.frontDoor')) wrong.push(LEADS_WITH_REAR)
  if (zone.startsWith('rear') || zone.endsWith('.rearDoor') || zone.endsWith('.quarter'))
    wrong.push(LEADS_WITH_FRONT)
  return wrong
}

describe('accident zones over the demo catalogue', () => {
  let t: TestApp
  let scenarios: ScenariosService
  let models: string[]
  let zones: string[]
  const caller: Caller = {
    accountId: 1,
    companyId: 1,
    mobile: '13800138000',
    userName: '演示',
    companyName: '演示',
    type4s: 1,
    tokenHash: '',
    isOwner: true,
    seePurchasePrice: true,
  }

  beforeAll(async () => {
    const fresh = await freshDatabase('sqlite')
    const report = await runImport(fresh.db, recordSource(demoCatalogue('demo').tables), { label: 'demo' })
    if (!report.ok) throw new Error(report.errors.map(formatProblem).join('\n'))
    t = await startTestApp('sqlite', { db: fresh.db })
    scenarios = new ScenariosService(t.ctx)
    const rows = await t.ctx.db.kysely.selectFrom('cat_models').select('model_code').orderBy('id').execute()
    models = rows.map((r) => r.model_code)
    zones = (await scenarios.accidentZones()).flatMap((z) => [z.code, ...z.children.map((c) => c.code)])
  }, 180_000)
  afterAll(async () => {
    await t.close()
    await t.ctx.db.close()
  })

  it('never brings a part of the other side or the other end, on any zone of any model', async () => {
    expect(models.length).toBeGreaterThan(30)
    expect(zones.length).toBeGreaterThan(30)
    const misplaced: string[] = []
    let answered = 0
    for (const model of models) {
      for (const zone of zones) {
        const answer = await scenarios.accident(caller, model, [zone])
        if (answer.items.length) answered += 1
        for (const item of answer.items)
          if (wrongFor(zone).some((w) => w.test(item.part_name_cn)))
            misplaced.push(`${model} ${zone}: ${item.part_name_cn}`)
      }
    }
    expect(misplaced.slice(0, 20)).toEqual([])
    expect(answered).toBe(models.length * zones.length)
  }, 120_000)

  it('brings the left front door its own parts, and the bumper its side-neutral ones', async () => {
    const door = (await scenarios.accident(caller, 'FV-SAGITAR-2019-1', ['left.frontDoor'])).items.map(
      (i) => i.part_name_cn,
    )
    expect(door).toEqual(
      expect.arrayContaining(['左前门总成', '左前门外板', '左前车门锁', '左前车门玻璃', '前车门密封条']),
    )
    expect(door.filter((name) => /右|左后|^后/u.test(name))).toEqual([])
    const bumper = (await scenarios.accident(caller, 'FV-SAGITAR-2019-1', ['front.bumper'])).items.map(
      (i) => i.part_name_cn,
    )
    expect(bumper).toEqual(expect.arrayContaining(['前保险杠皮', '左前雾灯', '右前雾灯', '进气格栅']))
    const mirror = (await scenarios.accident(caller, 'FV-SAGITAR-2019-1', ['left.mirror'])).items.map(
      (i) => i.part_name_cn,
    )
    expect(mirror).toEqual(expect.arrayContaining(['左外后视镜总成', '外后视镜外壳']))
  })

  it('gives several zones as their union, each part once, by zone, then drawing, then callout', async () => {
    const model = 'FV-SAGITAR-2019-1'
    const one = async (zone: string) => (await scenarios.accident(caller, model, [zone])).items
    const [door, mirror] = [await one('left.frontDoor'), await one('left.mirror')]
    const both = await scenarios.accident(caller, model, ['left.mirror', 'left.frontDoor'])
    expect(both.zones).toEqual(['left.frontDoor', 'left.mirror'])
    const numbers = both.items.map((i) => i.disp_number)
    expect(new Set(numbers).size).toBe(numbers.length)
    const expected = [...door, ...mirror.filter((m) => !door.some((d) => d.disp_number === m.disp_number))]
    expect(numbers).toEqual(expected.map((i) => i.disp_number))
    // Inside one zone the list follows the drawings and their callouts.
    const byDrawing = door.map((i) => `${i.imageid}#${String(i.callout).padStart(3, '0')}`)
    const drawings = [...new Set(door.map((i) => i.imageid))]
    for (const drawing of drawings) {
      const callouts = byDrawing.filter((k) => k.startsWith(`${drawing}#`))
      expect(callouts).toEqual([...callouts].sort())
    }
    const fen = both.items.reduce((sum, i) => sum + Math.round((i.money ?? 0) * 100), 0)
    expect(Math.round(both.total * 100)).toBe(fen)
  })
})
