// The create/edit dialog of a sheet (spec sections 4, 5): modal, not closed by the mask; editing when a sheet
// is passed in. A 17-character VIN fills plate and model (from the desktop host's getstock0401 when it knows
// the VIN, else /api/epc/vinfill); past vehicles and suppliers
// are suggested; quotation types come from the spec's list; the maker defaults to the signed-in user.
import {
  carNoField,
  carTypeField,
  DEFAULT_QUOTATION_TYPE,
  decodeVin,
  makerField,
  QUOTATION_TYPES,
  type SheetKind,
  VIN_LENGTH,
  VIN_REQUIRED,
  VinMessages,
} from '@epc/shared'
import { useQueryClient } from '@tanstack/react-query'
import type { FormRule } from 'antd'
import { AutoComplete, Col, Form, Input, Modal, Row } from 'antd'
import { useMemo, useRef, useState } from 'react'
import { feedback } from '../../../lib/feedback'
import { fieldRule } from '../../../lib/form-rules'
import { useSession } from '../../../lib/session'
import { useOneAtATime } from '../../../lib/use-submit'
import { MeantVins } from '../../catalogue'
import { hostVehicleQuery, useInHost } from '../../host-bridge'
import { useCreateSheet } from '../api/create-sheet'
import { usePastSuppliers, usePastVehicles } from '../api/get-sheet-suggestions'
import { type VinFill, vinFillQuery } from '../api/get-vin-fill'
import { useUpdateSheet } from '../api/update-sheet'
import { useDialogSession } from '../hooks/use-dialog-session'
import { SHEET_TEXTS } from '../texts'
import type { PastVehicle, SheetHeader, SheetRow } from '../types'

interface Values {
  VIN: string
  carNo: string
  carType: string
  ClientName: string
  remark: string
  makeorder_user: string
}

interface Props {
  kind: SheetKind
  open: boolean
  /** The sheet to edit; creating when null. */
  sheet: SheetRow | null
  onClose: () => void
  onSaved: (orderId: string, created: boolean) => void
}

const VIN_CHARS = /^[A-Z0-9]+$/

/** The server's VIN rule: required on a quotation, 17 letters and digits when given. */
function vinRule(required: boolean): FormRule {
  return {
    validator: async (_rule, value: string | undefined) => {
      const vin = value ?? ''
      if (!vin) {
        if (required) throw new Error(VIN_REQUIRED)
        return
      }
      if (vin.length !== VIN_LENGTH || !VIN_CHARS.test(vin)) throw new Error(VinMessages.length)
    },
  }
}

const cleanVin = (value: string | undefined) => (value ?? '').replace(/\s+/g, '').toUpperCase()

const FILL_NOTES: Record<string, string> = {
  sheet: '已按此车架号最近的单据填入车牌号和车型',
  catalogue: '已从车型库填入车型',
  none: '车型库中未找到唯一车型，请手动填写',
  host: '已从店端系统填入车牌号和车型',
}

function matches(text: string, typed: string) {
  return text.toUpperCase().includes(typed.trim().toUpperCase())
}

export function SheetFormDialog(props: Props) {
  const session = useDialogSession(props.open)
  return session.mounted ? (
    <SheetFormDialogModal key={session.key} {...props} afterClose={session.afterClose} />
  ) : null
}

function SheetFormDialogModal({
  kind,
  open,
  sheet: given,
  onClose,
  onSaved,
  afterClose,
}: Props & { afterClose: () => void }) {
  // The sheet of this opening, kept while the dialog animates closed.
  const [sheet] = useState(given)
  const texts = SHEET_TEXTS[kind]
  const quote = kind === 'quote'
  const [form] = Form.useForm<Values>()
  const queryClient = useQueryClient()
  const create = useCreateSheet(kind)
  const update = useUpdateSheet(kind)

  const userName = useSession((s) => s.info?.UserName ?? '')
  const vehicles = usePastVehicles(open)
  const suppliers = usePastSuppliers(open && !quote)
  const inHost = useInHost()
  const [fillNote, setFillNote] = useState('')
  // The VINs a mistyped one may have been, with the VIN they were offered for.
  const [meant, setMeant] = useState<{ typed: string; meant: VinFill['meant'] } | null>(null)
  // Values the VIN fill put in: a later fill may replace them, but never what the user typed.
  const filled = useRef<Partial<Values>>({})
  const lastVin = useRef('')

  const initialValues: Values = sheet
    ? {
        VIN: sheet.VIN,
        carNo: sheet.carNo,
        carType: sheet.carType,
        ClientName: sheet.ClientName,
        remark: sheet.remark,
        makeorder_user: sheet.makeorder_user,
      }
    : {
        VIN: '',
        carNo: '',
        carType: '',
        ClientName: '',
        remark: quote ? DEFAULT_QUOTATION_TYPE : '',
        makeorder_user: userName,
      }

  const put = (values: Partial<Values>) => {
    for (const [key, value] of Object.entries(values) as [keyof Values, string][]) {
      const current = form.getFieldValue(key) ?? ''
      if (!value || (current && current !== filled.current[key])) continue
      form.setFieldValue(key, value)
      filled.current[key] = value
    }
  }

  const onVin = async (vin: string) => {
    lastVin.current = vin
    // The VIN is checked on leaving the box; once it shows an error, each change checks again.
    if (form.getFieldError('VIN').length) setTimeout(() => void form.validateFields(['VIN']).catch(() => {}))
    setMeant(null)
    if (vin.length !== VIN_LENGTH || !VIN_CHARS.test(vin)) {
      setFillNote('')
      return
    }
    // The dealer's system knows its customers' plates; a host without the VIN leaves it to the server.
    const known = inHost ? await queryClient.fetchQuery(hostVehicleQuery(vin)) : null
    if (lastVin.current !== vin) return
    if (known) {
      put({ carNo: known.plate, carType: known.model })
      setFillNote(FILL_NOTES.host ?? '')
      return
    }
    const answer = await queryClient.fetchQuery(vinFillQuery(vin)).catch(() => null)
    if (!answer || lastVin.current !== vin) return
    put({ carNo: answer.carNo, carType: answer.carType })
    setFillNote(FILL_NOTES[answer.source] ?? '')
    if (answer.meant?.length) setMeant({ typed: vin, meant: answer.meant })
  }

  const takeVin = (vin: string) => {
    form.setFieldValue('VIN', vin)
    void onVin(vin)
  }

  const pickVehicle = (v: PastVehicle) => {
    form.setFieldsValue({ VIN: v.VIN || form.getFieldValue('VIN'), carNo: v.carNo, carType: v.carType })
    filled.current = { carNo: v.carNo, carType: v.carType }
    lastVin.current = v.VIN
    setFillNote('')
    setMeant(null)
  }

  const vinInput = (Form.useWatch('VIN', form) ?? '') as string
  // A complete VIN whose check digit is wrong may be mistyped: said, as the VIN search says it (not refused:
  // many imports never computed one).
  const checked = vinInput.length === VIN_LENGTH ? decodeVin(vinInput).checkDigit : null
  const checkWarning = checked && !checked.valid ? VinMessages.checkDigit(checked.expected) : ''
  const plateInput = (Form.useWatch('carNo', form) ?? '') as string
  const supplierInput = (Form.useWatch('ClientName', form) ?? '') as string

  // One suggestion per VIN (or plate): the most recent vehicle with it, as the call answers newest first.
  const vehicleOptions = (field: 'VIN' | 'carNo', typed: string) => {
    const seen = new Set<string>()
    return (vehicles.data ?? [])
      .filter((v) => {
        const value = v[field]
        if (!value || seen.has(value) || value === typed || (typed && !matches(value, typed))) return false
        seen.add(value)
        return true
      })
      .slice(0, 8)
      .map((v) => ({
        value: v[field],
        label: (
          <span>
            <b>{v[field]}</b>
            <span style={{ color: '#8c8c8c', marginLeft: 8 }}>
              {[field === 'VIN' ? v.carNo : v.VIN, v.carType].filter(Boolean).join(' · ')}
            </span>
          </span>
        ),
        vehicle: v,
      }))
  }

  const supplierOptions = useMemo(
    () =>
      (suppliers.data ?? [])
        .filter((s) => !supplierInput || matches(s.ClientName, supplierInput))
        .map((s) => ({ value: s.ClientName })),
    [suppliers.data, supplierInput],
  )

  // A failed save was announced by the API client; the dialog stays open with what was typed.
  const save = useOneAtATime(async (values: Values) => {
    const header: SheetHeader = {
      VIN: cleanVin(values.VIN),
      carNo: values.carNo?.trim() ?? '',
      carType: values.carType?.trim() ?? '',
      ClientName: values.ClientName?.trim() ?? '',
      remark: values.remark?.trim() ?? '',
      makeorder_user: values.makeorder_user?.trim() || userName,
    }
    if (sheet) {
      const saved = await update.mutateAsync({ orderId: sheet.OrderId, header }).then(
        () => true,
        () => false,
      )
      if (!saved) return
      feedback.success(texts.updated)
      onSaved(sheet.OrderId, false)
    } else {
      const orderId = await create.mutateAsync(header).catch(() => null)
      if (!orderId) return
      feedback.success(texts.created)
      onSaved(orderId, true)
    }
  })

  const plateItem = (
    <Form.Item name="carNo" label="车牌号" rules={[fieldRule(carNoField)]}>
      <AutoComplete
        options={vehicleOptions('carNo', plateInput)}
        onSelect={(_v, option) => pickVehicle(option.vehicle)}
      >
        <Input placeholder="如 京A12345" aria-label="车牌号" />
      </AutoComplete>
    </Form.Item>
  )
  const makerItem = (
    <Form.Item name="makeorder_user" label="制单人" rules={[fieldRule(makerField)]}>
      <Input />
    </Form.Item>
  )
  const vinItem = (
    <Form.Item
      name="VIN"
      label="车架号(VIN)"
      required={quote}
      rules={[vinRule(quote)]}
      normalize={cleanVin}
      extra={
        fillNote || checkWarning || meant ? (
          <>
            {checkWarning && (
              <div style={{ color: '#d46b08' }} data-testid="vin-check-warning">
                {checkWarning}
              </div>
            )}
            {fillNote}
            {meant && <MeantVins typed={meant.typed} meant={meant.meant} onQueryVin={takeVin} />}
          </>
        ) : undefined
      }
      validateTrigger={['onBlur', 'onSubmit']}
    >
      <AutoComplete
        options={vehicleOptions('VIN', vinInput)}
        onSelect={(_v, option) => pickVehicle(option.vehicle)}
        onChange={(value: string) => void onVin(cleanVin(value))}
      >
        <Input
          maxLength={20}
          placeholder={`${VIN_LENGTH}位车架号，输入后自动带出车牌号和车型`}
          style={{ fontFamily: 'monospace', letterSpacing: 1 }}
          aria-label="车架号"
        />
      </AutoComplete>
    </Form.Item>
  )

  return (
    <Modal
      open={open}
      title={sheet ? `修改${texts.name} ${sheet.OrderId}` : `新建${texts.name}`}
      width={680}
      mask={{ closable: false }}
      afterClose={afterClose}
      okText={sheet ? '保存' : `创建${texts.name}`}
      cancelText="取消"
      confirmLoading={create.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={save}
        data-testid="sheet-form"
        style={{ marginTop: 16 }}
      >
        {quote ? (
          <>
            {vinItem}
            <Row gutter={16}>
              <Col span={12}>{plateItem}</Col>
              <Col span={12}>
                <Form.Item name="ClientName" label={texts.client.label} rules={[fieldRule(texts.client)]}>
                  <Input placeholder="客户姓名或单位" />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="carType" label="车型" rules={[fieldRule(carTypeField)]}>
              <Input placeholder="品牌 车型 年款" />
            </Form.Item>
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item name="remark" label={texts.remark.label} rules={[fieldRule(texts.remark)]}>
                  <AutoComplete options={QUOTATION_TYPES.map((t) => ({ value: t }))}>
                    <Input aria-label="报价类型" />
                  </AutoComplete>
                </Form.Item>
              </Col>
              <Col span={12}>{makerItem}</Col>
            </Row>
          </>
        ) : (
          <>
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item
                  name="ClientName"
                  label={texts.client.label}
                  required
                  rules={[fieldRule(texts.client)]}
                >
                  <AutoComplete options={supplierOptions}>
                    <Input placeholder="供应商名称，可从历史供应商中选择" aria-label="供应商" />
                  </AutoComplete>
                </Form.Item>
              </Col>
              <Col span={12}>{makerItem}</Col>
            </Row>
            {vinItem}
            <Row gutter={16}>
              <Col span={12}>{plateItem}</Col>
              <Col span={12}>
                <Form.Item name="carType" label="车型" rules={[fieldRule(carTypeField)]}>
                  <Input placeholder="品牌 车型 年款" />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="remark" label={texts.remark.label} rules={[fieldRule(texts.remark)]}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
          </>
        )}
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  )
}
