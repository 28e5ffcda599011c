// The warnings of spec section 8 where they are shown: each sheet call names its own, and the API client shows
// it when the server answers a code other than success or the call never gets an answer. The server is a
// stubbed fetch here, since a real one has no way to be made to fail on cue; the messages go to a recorder
// bound where the app binds antd's message.
import { ResultCode } from '@epc/shared'
import { message, notification } from 'antd'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { bindFeedback } from '../../../lib/feedback'
import type { SheetHeader, SheetRow } from '../types'
import { addSheetLine } from './add-sheet-line'
import { createSheet } from './create-sheet'
import { deleteSheet } from './delete-sheet'
import { deleteSheetLine } from './delete-sheet-line'
import { updateSheet } from './update-sheet'

const header: SheetHeader = {
  ClientName: '王先生',
  VIN: 'LSVAG2180E2100001',
  carNo: '京A12345',
  carType: '大众 速腾',
  remark: '事故',
  makeorder_user: '李师傅',
}
const sheet: Pick<SheetRow, 'Id' | 'OrderId'> = { Id: 7, OrderId: 'BJ202611220001' }
const line = {
  OrderId: sheet.OrderId,
  part_number: '06A115561B',
  part_name: '机油滤清器',
  Amount: 1,
  price: 45.5,
  available_stock: 3,
  area_stock: '',
  addedBy: '李师傅',
}

const CALLS: [string, string, () => Promise<unknown>][] = [
  ['/api/epc/createquoteordermaster', '创建报价单失败！', () => createSheet('quote', header)],
  ['/api/epc/createpurchaseordermaster', '创建采购单失败！', () => createSheet('purchase', header)],
  ['/api/epc/updatequoteordermaster', '报价单修改失败！', () => updateSheet('quote', sheet.OrderId, header)],
  // The spec names the quotation's text; a purchase order says the same of itself.
  [
    '/api/epc/updatepurchaseordermaster',
    '采购单修改失败！',
    () => updateSheet('purchase', sheet.OrderId, header),
  ],
  ['/api/epc/deletequoteordermaster', '删除失败！', () => deleteSheet('quote', sheet)],
  ['/api/epc/deletepurchaseordermaster', '删除失败！', () => deleteSheet('purchase', sheet)],
  [
    '/api/epc/deletequoteorderdetail',
    '删除失败！',
    () => deleteSheetLine('quote', { OrderId: sheet.OrderId, Id: 3 }),
  ],
  ['/api/epc/createquoteorderdetail', '添加失败！', () => addSheetLine('quote', line)],
  ['/api/epc/createpurchaseorderdetail', '添加失败！', () => addSheetLine('purchase', line)],
]

const requested: string[] = []

/** The server answers every call with this code. */
function serverAnswers(code: string) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    requested.push(new URL(String(input), window.location.href).pathname)
    return Response.json({ ResultCode: code, ResultMsg: '服务端说明' })
  })
}

let shown: string[] = []
const record = (text: unknown) => {
  shown.push(String(text))
}

beforeEach(() => {
  requested.length = 0
  shown = []
  bindFeedback({ message: { warning: record, success: record, error: record } as never, notification })
})

afterAll(() => {
  bindFeedback({ message, notification })
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('the sheet calls warn of a failure', () => {
  it.each(CALLS)('%s shows %s on a non-success code', async (path, warning, call) => {
    serverAnswers(ResultCode.BusinessFailure)
    await expect(call()).rejects.toThrow()
    expect(requested).toEqual([path])
    expect(shown).toEqual([warning])
  })

  it.each(CALLS)('%s shows %s when the call gets no answer', async (path, warning, call) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      requested.push(new URL(String(input), window.location.href).pathname)
      throw new TypeError('Failed to fetch')
    })
    let settled = false
    const outcome = call().then(
      () => 'answered',
      () => 'failed',
    )
    void outcome.finally(() => {
      settled = true
    })
    // The client's retries wait in between; run those waits at once.
    for (let i = 0; i < 100 && !settled; i++) await vi.advanceTimersByTimeAsync(100)
    expect(await outcome).toBe('failed')
    expect(requested).toEqual([path, path, path])
    expect(shown).toEqual([warning])
  })

  it('does not call a part already on the sheet (10003) a failure: the caller asks instead', async () => {
    serverAnswers(ResultCode.DuplicatePart)
    await expect(addSheetLine('quote', line)).rejects.toThrow()
    expect(shown).toEqual([])
  })
})
