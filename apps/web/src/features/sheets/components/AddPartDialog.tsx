// The add-part dialog (spec sections 4, 5): part number (trimmed), name, quantity (default 1) and the sale
// price, or the purchase price on a purchase order; the catalogue fills name, prices and stock of a known
// number, and inside a desktop host the dealer's own stock and prices win over the catalogue's. 添加 closes,
// 添加并继续 stays open and cleared; a part already on the sheet (10003) asks whether to add it again.
// Pending parts handed over by the `db` parameter are offered one after another.
import {
  amountField,
  partNameField,
  partNumberField,
  purchasePriceField,
  ResultCode,
  type SheetKind,
} from '@epc/shared'
import { useQueryClient } from '@tanstack/react-query'
import type { InputRef } from 'antd'
import { Button, Col, Form, Input, InputNumber, Modal, Row, Space, Spin, Tag } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { ApiError } from '../../../lib/api-client'
import { feedback } from '../../../lib/feedback'
import { decimalRule, fieldRule } from '../../../lib/form-rules'
import { formatMoney } from '../../../lib/format'
import { useSession } from '../../../lib/session'
import { useOneAtATime } from '../../../lib/use-submit'
import {
  type HostFill,
  hostFill,
  hostStockQuery,
  maySeeDealerPurchasePrice,
  useInHost,
} from '../../host-bridge'
import { isDuplicatePart, useAddSheetLine } from '../api/add-sheet-line'
import { type CatalogueFill, type MeantPart, meantPartsQuery, partFillQuery } from '../api/get-part-fill'
import { useDialogSession } from '../hooks/use-dialog-session'
import { type PendingPart, pendingPrice } from '../links'
import { DUPLICATE_QUESTION, SHEET_TEXTS } from '../texts'
import type { NewSheetLine, SheetRow } from '../types'

interface Values {
  part_number: string
  part_name: string
  Amount: number | null
  price: number | null
  purchase_price: number | null
}

interface Props {
  kind: SheetKind
  open: boolean
  sheet: SheetRow | null
  /** Parts handed over by a catalogue screen, offered one after another. */
  queue: PendingPart[]
  /** Closing: the pending parts not added are given back (the screen drops them). */
  onClose: (remaining: PendingPart[]) => void
  /** The user wants the pending parts on a new sheet instead. */
  onNewSheet: (remaining: PendingPart[]) => void
}

const EMPTY: Values = { part_number: '', part_name: '', Amount: 1, price: null, purchase_price: null }

function valuesOf(kind: SheetKind, part: PendingPart | undefined): Values {
  if (!part) return EMPTY
  return {
    part_number: part.disp_number.trim(),
    part_name: part.part_name_cn ?? '',
    Amount: part.quantity ?? 1,
    price: pendingPrice(kind, part),
    purchase_price: part.purchase_price ?? null,
  }
}

type Stock = Pick<CatalogueFill, 'available_stock' | 'area_stock'> & Partial<CatalogueFill>

/** Each opening starts at the first offered part with a fresh form. */
export function AddPartDialog(props: Props) {
  const session = useDialogSession(props.open)
  return session.mounted ? (
    <AddPartDialogModal key={session.key} {...props} afterClose={session.afterClose} />
  ) : null
}

function AddPartDialogModal({
  kind,
  open,
  sheet,
  queue,
  onClose,
  onNewSheet,
  afterClose,
}: Props & { afterClose: () => void }) {
  const texts = SHEET_TEXTS[kind]
  const quote = kind === 'quote'
  const [form] = Form.useForm<Values>()
  const [modal, modalHolder] = Modal.useModal()
  const queryClient = useQueryClient()
  const addLine = useAddSheetLine(kind)
  const userName = useSession((s) => s.info?.UserName ?? '')
  const seesPurchase = maySeeDealerPurchasePrice(useSession((s) => s.info))
  const inHost = useInHost()
  const [index, setIndex] = useState(0)
  const [looking, setLooking] = useState(false)
  const [stock, setStock] = useState<Stock | null>(null)
  const [unknown, setUnknown] = useState(false)
  const [meant, setMeant] = useState<MeantPart[]>([])
  // The dealer's own row of the number looked up, from the desktop host.
  const [host, setHost] = useState<HostFill | null>(null)
  const numberRef = useRef<InputRef>(null)
  const amountRef = useRef<HTMLInputElement & { nativeElement: HTMLElement }>(null)
  // Values the catalogue put in: a later answer may replace them, but never what the user typed.
  const filled = useRef<Partial<Values>>({})
  const lookedUp = useRef('')
  // Both answers of the number looked up, whichever came first: the host's values win over the catalogue's.
  const answers = useRef<{ catalogue: CatalogueFill | null; host: HostFill | null }>({
    catalogue: null,
    host: null,
  })

  const remaining = () => queue.slice(index)

  /** Puts what the catalogue and the host know into the fields the user has not typed in. */
  const offer = () => {
    const { catalogue, host: dealer } = answers.current
    const purchase = dealer?.purchase_price ?? catalogue?.purchasePrice ?? null
    const values: Partial<Values> = {
      part_name: catalogue?.part_name || dealer?.part_name,
      price: quote ? (dealer?.sale_price ?? catalogue?.salePrice ?? null) : purchase,
      purchase_price: purchase,
    }
    for (const [key, value] of Object.entries(values) as [keyof Values, Values[keyof Values]][]) {
      const current = form.getFieldValue(key)
      const free =
        current === null || current === undefined || current === '' || current === filled.current[key]
      if (value === null || value === undefined || !free) continue
      form.setFieldValue(key, value)
      ;(filled.current as Record<string, unknown>)[key] = value
    }
  }

  const fillFromCatalogue = async (raw: string) => {
    const number = raw.trim()
    if (!number || number === lookedUp.current) return
    lookedUp.current = number
    answers.current = { catalogue: null, host: null }
    setHost(null)
    setMeant([])
    setLooking(true)
    // The host answers by itself (a failing host leaves the catalogue's values, and says nothing).
    if (inHost) {
      void queryClient.fetchQuery(hostStockQuery(number)).then((answer) => {
        if (lookedUp.current !== number) return
        answers.current.host = hostFill(answer, number, seesPurchase)
        setHost(answers.current.host)
        offer()
      })
    }
    // A number the catalogue does not know is normal here: the form is then filled by hand, or with one of
    // the numbers it may have meant.
    const answer = await queryClient.fetchQuery(partFillQuery(number)).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === ResultCode.NotFound) {
        void queryClient
          .fetchQuery(meantPartsQuery(number))
          .then((list) => lookedUp.current === number && setMeant(list))
          .catch(() => undefined)
      }
      return null
    })
    setLooking(false)
    if (lookedUp.current !== number) return
    setUnknown(!answer)
    if (!answer) {
      setStock(null)
      return
    }
    setStock(answer)
    answers.current.catalogue = answer
    offer()
  }

  /** Another number for the line (the one meant, the current one): the form fills as for a number typed. */
  const takeNumber = (number: string) => {
    form.setFieldValue('part_number', number)
    void fillFromCatalogue(number)
    amountRef.current?.select()
  }

  // Each offered part (or an empty form) starts fresh, then asks the catalogue about its number.
  const start = (next: PendingPart | undefined) => {
    filled.current = {}
    lookedUp.current = ''
    answers.current = { catalogue: null, host: null }
    setHost(null)
    setUnknown(false)
    setMeant([])
    setStock(
      next && (next.area_stock || next.available_stock)
        ? { available_stock: next.available_stock ?? 0, area_stock: next.area_stock ?? '' }
        : null,
    )
    form.resetFields()
    form.setFieldsValue(valuesOf(kind, next))
    if (next) {
      void fillFromCatalogue(next.disp_number)
      setTimeout(() => amountRef.current?.select(), 50)
    } else setTimeout(() => numberRef.current?.focus(), 50)
  }

  // The first part is offered once the dialog is on screen: the catalogue is asked and the cursor placed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening (the dialog mounts per opening)
  useEffect(() => start(queue[0]), [])

  const advance = (keepOpen: boolean) => {
    if (index + 1 < queue.length) {
      setIndex(index + 1)
      start(queue[index + 1])
    } else if (keepOpen) {
      // Past the queue: an empty form.
      setIndex(queue.length)
      start(undefined)
    } else onClose([])
  }

  // One at a time: a double click on 添加 sent the part twice (the second came back as already added).
  const add = useOneAtATime(async (keepOpen: boolean) => {
    if (!sheet) return
    let values: Values
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    const number = values.part_number.trim()
    const line: NewSheetLine = {
      OrderId: sheet.OrderId,
      part_number: number,
      part_name: values.part_name?.trim() ?? '',
      Amount: Number(values.Amount),
      price: Number(values.price),
      purchase_price: quote ? values.purchase_price : undefined,
      available_stock: host?.available_stock ?? stock?.available_stock ?? 0,
      area_stock: stock?.area_stock ?? '',
      addedBy: userName,
    }
    // A failure other than 10003 was announced by the API client; the form stays as it is.
    let added = await addLine.mutateAsync(line).then(
      () => true,
      (error: unknown) => (isDuplicatePart(error) ? null : false),
    )
    if (added === null) {
      const again = await modal.confirm({
        title: DUPLICATE_QUESTION,
        content: `配件编码 ${number}${line.part_name ? `（${line.part_name}）` : ''} 已在${texts.name} ${sheet.OrderId} 中。`,
        okText: '继续添加',
        cancelText: '不添加',
      })
      if (!again) {
        if (queue.length && index < queue.length) advance(false)
        return
      }
      added = await addLine.mutateAsync({ ...line, addDuplicate: true }).then(
        () => true,
        () => false,
      )
    }
    if (!added) return
    feedback.success('添加成功！')
    advance(keepOpen)
  })

  const inQueue = queue.length > 0 && index < queue.length
  const title = (
    <Space size={8} wrap>
      <span>添加配件</span>
      {sheet && (
        <Tag color="volcano" style={{ marginInlineEnd: 0 }}>
          {texts.name} {sheet.OrderId}
        </Tag>
      )}
      {inQueue && queue.length > 1 && (
        <span style={{ fontWeight: 'normal', color: '#8c8c8c' }} data-testid="pending-progress">
          待添加第 {index + 1}/{queue.length} 个
        </span>
      )}
    </Space>
  )

  const priceRule = texts.price

  return (
    <Modal
      open={open}
      title={title}
      width={640}
      mask={{ closable: false }}
      forceRender
      afterClose={afterClose}
      onCancel={() => onClose(inQueue ? remaining() : [])}
      footer={
        <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          {inQueue && (
            <Button type="link" style={{ paddingInline: 0 }} onClick={() => onNewSheet(remaining())}>
              新建{texts.name}并添加
            </Button>
          )}
          <span style={{ flex: 1 }} />
          {inQueue && <Button onClick={() => advance(false)}>跳过</Button>}
          <Button onClick={() => onClose(inQueue ? remaining() : [])}>取消</Button>
          <Button loading={addLine.isPending} onClick={() => void add(true)}>
            添加并继续
          </Button>
          <Button type="primary" loading={addLine.isPending} onClick={() => void add(false)}>
            添加
          </Button>
        </div>
      }
    >
      {modalHolder}
      <Form
        form={form}
        layout="vertical"
        initialValues={EMPTY}
        onFinish={() => void add(false)}
        data-testid="add-part-form"
        style={{ marginTop: 16 }}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="part_number" label="配件编码" required rules={[fieldRule(partNumberField)]}>
              <Input
                ref={numberRef}
                aria-label="配件编码"
                placeholder="回车带出名称、价格和库存"
                style={{ fontFamily: 'monospace' }}
                suffix={looking ? <Spin size="small" /> : <span />}
                onChange={(e) => {
                  // The stock shown belongs to the number looked up, not to one being typed.
                  if (e.target.value.trim() !== lookedUp.current) {
                    setStock(null)
                    setHost(null)
                    setUnknown(false)
                    setMeant([])
                  }
                }}
                onBlur={(e) => void fillFromCatalogue(e.target.value)}
                onPressEnter={(e) => {
                  e.preventDefault()
                  void fillFromCatalogue(e.currentTarget.value)
                  amountRef.current?.select()
                }}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="part_name" label="配件名称" rules={[fieldRule(partNameField)]}>
              <Input aria-label="配件名称" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col span={quote && seesPurchase ? 8 : 12}>
            <Form.Item name="Amount" label="数量" required rules={[decimalRule(amountField)]}>
              <InputNumber ref={amountRef} min={0} step={1} style={{ width: '100%' }} aria-label="数量" />
            </Form.Item>
          </Col>
          <Col span={quote ? 8 : 12}>
            <Form.Item name="price" label={priceRule.label} required rules={[decimalRule(priceRule)]}>
              <InputNumber min={0} prefix="¥" style={{ width: '100%' }} aria-label={priceRule.label} />
            </Form.Item>
          </Col>
          {quote && seesPurchase && (
            <Col span={8}>
              <Form.Item name="purchase_price" label="进价" rules={[decimalRule(purchasePriceField, true)]}>
                <InputNumber
                  min={0}
                  prefix="¥"
                  style={{ width: '100%' }}
                  aria-label="进价"
                  placeholder="选填"
                />
              </Form.Item>
            </Col>
          )}
        </Row>
        <div data-testid="part-stock" style={{ minHeight: 22, color: '#595959' }}>
          {stock ? (
            <Space size={8} wrap>
              <span>
                库存 <b>{stock.available_stock}</b>
              </span>
              {stock.area_stock && <span style={{ color: '#8c8c8c' }}>{stock.area_stock}</span>}
              {stock.salesBanned && <Tag color="red">停售</Tag>}
              {quote && seesPurchase && stock.purchasePrice != null && (
                <span style={{ color: '#8c8c8c' }}>最低进价 {formatMoney(stock.purchasePrice)}</span>
              )}
              {stock.replacedBy && (
                <span data-testid="replaced-by">
                  <Tag color="orange">旧号</Tag>已替换为 <b>{stock.replacedBy}</b>{' '}
                  <Button size="small" onClick={() => takeNumber(stock.replacedBy as string)}>
                    改用新号
                  </Button>
                </span>
              )}
            </Space>
          ) : unknown ? (
            <Space size={[4, 4]} wrap>
              <span style={{ color: '#8c8c8c' }}>车型库中未找到此编码，请手动填写名称和价格</span>
              {meant.length > 0 && (
                <span data-testid="meant-parts">
                  <span>您是不是要找：</span>
                  {meant.map((m) => (
                    <Button
                      key={m.number}
                      size="small"
                      style={{ marginInlineEnd: 4 }}
                      onClick={() => takeNumber(m.number)}
                    >
                      <span style={{ fontFamily: 'monospace' }}>{m.number}</span>
                      <span style={{ marginLeft: 6, color: '#8c8c8c' }}>{m.name}</span>
                    </Button>
                  ))}
                </span>
              )}
            </Space>
          ) : null}
        </div>
        {host && (
          <div data-testid="host-part-stock" style={{ color: '#595959', marginTop: 4 }}>
            <Space size={8} wrap>
              <Tag color="orange" style={{ marginInlineEnd: 0 }}>
                店端
              </Tag>
              <span>
                本店库存 <b>{host.available_stock}</b>
              </span>
              <span>本店售价 {formatMoney(host.sale_price)}</span>
              {seesPurchase && <span>进价 {formatMoney(host.purchase_price)}</span>}
              {host.storagePositionCode && <span>储位 {host.storagePositionCode}</span>}
              {host.salesBanned && <Tag color="red">停售</Tag>}
            </Space>
          </div>
        )}
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  )
}
