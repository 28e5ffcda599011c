// The key forms: 新建密钥 (name, 测试密钥, IP ranges), 重命名, 设置 IP 范围 and 设置嵌入来源. Each field is checked
// by the shared schema of its call, the one the server applies, so the form shows the server's own words;
// what is sent is the schema's output (trimmed name, IP ranges and origins without blanks or repeats). The
// forms clear their values when their dialog closes (clearOnDestroy), so the next key's dialog starts from
// that key's values.
import { type ApiKeyRow, DataServiceLimits, OpenApiErrors } from '@epc/shared'
import {
  createApiKeySchema,
  renameApiKeySchema,
  setApiKeyEmbedSchema,
  setApiKeyIpsSchema,
} from '@epc/shared/data-service-schemas'
import { Alert, Checkbox, Form, Input, Modal } from 'antd'
import { feedback } from '../../../lib/feedback'
import { schemaRule } from '../../../lib/form-rules'
import type { NewApiKey } from '../api/create-api-key'
import { useRenameApiKey } from '../api/rename-api-key'
import { useSetApiKeyEmbed } from '../api/set-api-key-embed'
import { useSetApiKeyIps } from '../api/set-api-key-ips'
import { linesText, textLines } from '../display'

const IP_HINT = `每行一个 IPv4/IPv6 地址或 CIDR 网段（如 203.0.113.0/24），最多 ${DataServiceLimits.ipRangesMax} 个；留空表示不限来源 IP`
const IP_PLACEHOLDER = '203.0.113.10\n198.51.100.0/24'
const EMBED_HINT = `填写的网站可在其页面中嵌入显示该密钥的嵌入目录。每行一个网站地址（协议、域名和端口，不带路径），最多 ${DataServiceLimits.embedOriginsMax} 个；留空表示不开启嵌入`
const EMBED_PLACEHOLDER = 'https://erp.example.com\nhttps://dms.example.com:8443'

/** A one-entry-a-line textarea: the form holds the lines (an array, as the call sends), the textarea their text. */
function LinesItem(props: {
  name: string
  label: string
  rule: ReturnType<typeof schemaRule>
  extra: string
  placeholder: string
}) {
  return (
    <Form.Item
      name={props.name}
      label={props.label}
      rules={[props.rule]}
      extra={props.extra}
      getValueProps={(lines) => ({ value: linesText(lines) })}
      normalize={(text) => textLines(text)}
    >
      <Input.TextArea rows={4} placeholder={props.placeholder} spellCheck={false} />
    </Form.Item>
  )
}

function IpRangesItem({ rule, label }: { rule: ReturnType<typeof schemaRule>; label: string }) {
  return <LinesItem name="IpRanges" label={label} rule={rule} extra={IP_HINT} placeholder={IP_PLACEHOLDER} />
}

interface CreateProps {
  open: boolean
  creating: boolean
  onCreate: (payload: NewApiKey) => Promise<boolean>
  onClose: () => void
}

export function CreateKeyDialog({ open, creating, onCreate, onClose }: CreateProps) {
  const [form] = Form.useForm<NewApiKey>()
  const submit = async () => {
    const values = await form.validateFields()
    const parsed = createApiKeySchema.safeParse(values)
    if (!parsed.success) return
    if (await onCreate(parsed.data)) onClose()
  }
  return (
    <Modal
      title="新建密钥"
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText="创建"
      confirmLoading={creating}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} clearOnDestroy initialValues={{ IsTest: false }}>
        <Form.Item
          name="Name"
          label="密钥名称"
          rules={[schemaRule(createApiKeySchema, 'Name')]}
          extra="用于区分接入的系统，如“理赔系统”“ERP 正式环境”"
        >
          <Input maxLength={DataServiceLimits.keyNameMax} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="IsTest"
          valuePropName="checked"
          extra="测试密钥只查询演示目录，不扣条数，用于联调；正式密钥查询正式目录，按条计费。"
        >
          <Checkbox>测试密钥</Checkbox>
        </Form.Item>
        <IpRangesItem label="IP 范围（选填）" rule={schemaRule(createApiKeySchema, 'IpRanges')} />
      </Form>
    </Modal>
  )
}

export function RenameKeyDialog({ apiKey, onClose }: { apiKey: ApiKeyRow | null; onClose: () => void }) {
  const [form] = Form.useForm<{ Name: string }>()
  const rename = useRenameApiKey()
  const submit = async () => {
    if (!apiKey) return
    const values = await form.validateFields()
    const parsed = renameApiKeySchema.safeParse({ ...values, KeyId: apiKey.KeyId })
    if (!parsed.success) return
    const row = await rename.mutateAsync(parsed.data).catch(() => null)
    if (!row) return
    feedback.success(`已重命名为 ${row.Name}`)
    onClose()
  }
  return (
    <Modal
      title={`重命名：${apiKey?.Name ?? ''}`}
      open={apiKey !== null}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      confirmLoading={rename.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        clearOnDestroy
        initialValues={{ Name: apiKey?.Name }}
      >
        <Form.Item
          name="Name"
          label="密钥名称"
          rules={[schemaRule(renameApiKeySchema, 'Name', { KeyId: apiKey?.KeyId })]}
        >
          <Input maxLength={DataServiceLimits.keyNameMax} autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  )
}

export function IpRangesDialog({ apiKey, onClose }: { apiKey: ApiKeyRow | null; onClose: () => void }) {
  const [form] = Form.useForm<{ IpRanges: string[] }>()
  const setIps = useSetApiKeyIps()
  const submit = async () => {
    if (!apiKey) return
    const values = await form.validateFields()
    const parsed = setApiKeyIpsSchema.safeParse({ IpRanges: values.IpRanges ?? [], KeyId: apiKey.KeyId })
    if (!parsed.success) return
    const row = await setIps.mutateAsync(parsed.data).catch(() => null)
    if (!row) return
    feedback.success(row.IpRanges.length ? `已设置 ${row.Name} 的 IP 范围` : `${row.Name} 不再限制来源 IP`)
    onClose()
  }
  return (
    <Modal
      title={`设置 IP 范围：${apiKey?.Name ?? ''}`}
      open={apiKey !== null}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      confirmLoading={setIps.isPending}
      destroyOnHidden
    >
      <p>设置后，只有来自这些地址的请求可以使用该密钥。</p>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        clearOnDestroy
        initialValues={{ IpRanges: apiKey?.IpRanges }}
      >
        <IpRangesItem
          label="IP 范围"
          rule={schemaRule(setApiKeyIpsSchema, 'IpRanges', { KeyId: apiKey?.KeyId })}
        />
      </Form>
    </Modal>
  )
}

export function EmbedOriginsDialog({ apiKey, onClose }: { apiKey: ApiKeyRow | null; onClose: () => void }) {
  const [form] = Form.useForm<{ EmbedOrigins: string[] }>()
  const setEmbed = useSetApiKeyEmbed()
  const submit = async () => {
    if (!apiKey) return
    const values = await form.validateFields()
    const parsed = setApiKeyEmbedSchema.safeParse({
      EmbedOrigins: values.EmbedOrigins ?? [],
      KeyId: apiKey.KeyId,
    })
    if (!parsed.success) return
    const row = await setEmbed.mutateAsync(parsed.data).catch(() => null)
    if (!row) return
    feedback.success(row.EmbedOrigins.length ? `已设置 ${row.Name} 的嵌入来源` : `${row.Name} 已关闭嵌入目录`)
    onClose()
  }
  return (
    <Modal
      title={`设置嵌入来源：${apiKey?.Name ?? ''}`}
      open={apiKey !== null}
      onCancel={onClose}
      onOk={submit}
      okText="保存"
      confirmLoading={setEmbed.isPending}
      destroyOnHidden
    >
      <p>
        嵌入目录：您的系统用该密钥为一个车架号生成一次性链接，在下面填写的网站页面中（iframe）打开，即可查看该车的配件目录。
      </p>
      {apiKey?.IsTest && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          // The open API's own refusal, so the page and the error a customer's system gets say the same.
          title={`${OpenApiErrors.EMBED_TEST_KEY.zh}。`}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        clearOnDestroy
        initialValues={{ EmbedOrigins: apiKey?.EmbedOrigins }}
      >
        <LinesItem
          name="EmbedOrigins"
          label="嵌入来源"
          rule={schemaRule(setApiKeyEmbedSchema, 'EmbedOrigins', { KeyId: apiKey?.KeyId })}
          extra={EMBED_HINT}
          placeholder={EMBED_PLACEHOLDER}
        />
      </Form>
    </Modal>
  )
}
