// The demo account's first sheets, so that 报价单 and 采购单 are not empty on a newcomer's first sign-in: a 事故
// quotation for a 迈腾 hit at the front left, a 保养 quotation for a 宝来's 20,000 km service, and the purchase
// order of the accident's parts. They are made through the services the API calls, the way a user makes
// them: the parts and quantities the catalogue's accident and maintenance look-ups list for a demo VIN's
// model, each line filled from the part's detail as the add-part dialog fills it
// (apps/web/src/features/sheets/api/get-part-fill.ts).
import type { PartDetailAnswer, SheetKind } from '@epc/shared'
import type { Caller } from '../../call'
import type { DemoVin } from '../../catalogue-data/demo/generate'
import type { AppContext } from '../../context'
import { metaValue } from '../../modules/catalogue/catalogue.repository'
import { PartsService } from '../../modules/catalogue/parts.service'
import { ScenariosService } from '../../modules/catalogue/scenarios.service'
import type { SheetLineDraft } from '../../modules/sheets/sheets.dto'
import { type SheetHeader, SheetsService } from '../../modules/sheets/sheets.service'
import { DEMO_ACCOUNT, type NewDemoAccount } from './demo-account'

const ACCIDENT = {
  model: 'FV-MAGOTAN-2020-1',
  header: { ClientName: '王建国', carNo: '京N8K2M3', remark: '事故' },
  zones: ['front.bumper', 'front.headlamp'],
  // Of all the two zones list, what a body shop replaces after a hit at the front left.
  parts: [
    '前保险杠皮',
    '前保险杠骨架',
    '左前保险杠支架',
    '左前大灯总成',
    '左前雾灯',
    '左雾灯饰框',
    '膨胀卡扣',
  ],
}
const SERVICE = {
  model: 'FV-BORA-2021-1',
  header: { ClientName: '刘女士', carNo: '京Q5M9R2', remark: '保养' },
  mileage: 20_000,
}
const SUPPLIER = { ClientName: '北京恒通达汽车配件有限公司', remark: '送货到店，月结' }

type CatalogueLine = Omit<SheetLineDraft, 'orderId' | 'addDuplicate'>

const fen = (yuan: number) => Math.round(yuan * 100)

/** A part as the add-part dialog fills it: the 4S price to sell at, the lowest warehouse price as 进价, stock. */
function fromDetail(detail: PartDetailAnswer, quantity: number): CatalogueLine {
  const stocked = detail.stock.filter((s) => s.STOCK_QUANTITY > 0)
  const prices = detail.stock.flatMap((s) => (s.PRICE === null ? [] : [s.PRICE]))
  return {
    partNumber: detail.disp_number,
    partName: detail.part_name_cn,
    amount: Math.round(quantity * 100),
    priceFen: fen(detail.price ?? 0),
    purchasePriceFen: prices.length ? fen(Math.min(...prices)) : undefined,
    availableStock: stocked.reduce((sum, s) => sum + s.STOCK_QUANTITY, 0),
    areaStock: stocked.map((s) => `${s.warehouse_name}${s.STOCK_QUANTITY}`).join(' '),
  }
}

/** Answers false, making nothing, when the catalogue is not the demo's (no demo VIN of those models). */
export async function seedDemoSheets(ctx: AppContext, account: NewDemoAccount): Promise<boolean> {
  const demoVins = JSON.parse((await metaValue(ctx.db.kysely, 'demo_vins')) ?? '[]') as DemoVin[]
  const accidentVin = demoVins.find((v) => v.ModelId === ACCIDENT.model)?.vin
  const serviceVin = demoVins.find((v) => v.ModelId === SERVICE.model)?.vin
  if (!accidentVin || !serviceVin) return false

  // The seed acts as the account without signing in, so there is no session token.
  const caller: Caller = {
    ...account,
    mobile: DEMO_ACCOUNT.mobile,
    userName: DEMO_ACCOUNT.userName,
    companyName: DEMO_ACCOUNT.companyName,
    type4s: DEMO_ACCOUNT.type4s,
    tokenHash: '',
    isOwner: true,
    seePurchasePrice: true,
  }
  const sheets = new SheetsService(ctx)
  const scenarios = new ScenariosService(ctx)
  const parts = new PartsService(ctx)
  const lineOf = async (partNumber: string, quantity: number) =>
    fromDetail(await parts.partDetail(caller, partNumber), quantity)

  const hit = await scenarios.accident(caller, ACCIDENT.model, ACCIDENT.zones)
  const accidentLines: CatalogueLine[] = []
  for (const item of hit.items.filter((i) => ACCIDENT.parts.includes(i.part_name_cn))) {
    accidentLines.push(await lineOf(item.disp_number, item.quantity))
  }
  const service = await scenarios.maintenance(caller, SERVICE.model, SERVICE.mileage)
  const serviceLines: CatalogueLine[] = []
  for (const item of service.items) {
    if (item.disp_number) serviceLines.push(await lineOf(item.disp_number, item.quantity))
  }

  const sheet = async (kind: SheetKind, header: SheetHeader, vin: string, lines: CatalogueLine[]) => {
    // The model as the sheet dialog fills it from the VIN.
    const { carType } = await sheets.vinFill(caller, vin)
    const orderId = await sheets.create(kind, caller, { ...header, VIN: vin, carType })
    for (const line of lines) await sheets.addLine(kind, caller, { ...line, orderId, addDuplicate: false })
  }
  await sheet('quote', ACCIDENT.header, accidentVin, accidentLines)
  await sheet('quote', SERVICE.header, serviceVin, serviceLines)
  // 生成采购单 from the accident quotation: its vehicle, its parts at their 进价.
  await sheet(
    'purchase',
    { ...SUPPLIER, carNo: ACCIDENT.header.carNo },
    accidentVin,
    accidentLines.flatMap((l) =>
      l.purchasePriceFen === undefined
        ? []
        : [{ ...l, priceFen: l.purchasePriceFen, purchasePriceFen: undefined }],
    ),
  )
  return true
}
