// /user/dataService (owner): the data service's keys and use. Lists the keys (名称, AppKey, 类型, IP 范围, 嵌入来源,
// 状态, 创建时间, 最近使用) with 新建密钥, 重命名, 设置 IP 范围, 设置嵌入来源, 重置密钥 and 停用; after creating or rotating, the secret
// dialog shows the AppSecret this once. Below: the items left (with the trial and the packs on the buy page
// when none are left) and the use per day and key. The route is the owner's (the guard answers /403 to
// staff); should the server still refuse (a session that has not learnt it is not the owner's), its message
// is shown instead of the page.
import { type ApiKeyRow, DataServiceLimits } from '@epc/shared'
import { Alert, Button, Card, Popconfirm, Result, Space, Statistic, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { Fragment, useState } from 'react'
import { Link } from 'react-router'
import { serverPaths } from '../../../config/paths'
import { serverUrl } from '../../../config/sites'
import { ApiError } from '../../../lib/api-client'
import { feedback } from '../../../lib/feedback'
import { useApiKeys } from '../api/get-api-keys'
import { useApiUsage } from '../api/get-api-usage'
import { useRevokeApiKey } from '../api/revoke-api-key'
import {
  CreateKeyDialog,
  EmbedOriginsDialog,
  IpRangesDialog,
  RenameKeyDialog,
} from '../components/KeyDialogs'
import { SecretDialog } from '../components/SecretDialog'
import { UsageCard } from '../components/UsageCard'
import { buyItemsLink, DATA_ITEM_PLANS, entryParts, keyStateName, keyTypeName, sortKeys } from '../display'
import { useSecretReveal } from '../hooks/use-secret-reveal'

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' }

const WHAT_IT_DOES =
  '可按 VIN 解析车型、按 VIN 与配件通用名称批量查询原厂配件、按配件编码查询，也可为一个车架号生成嵌入目录，在您系统的页面中查看配件目录（须先为密钥设置嵌入来源）；按条计费，未查到的条目不扣条数。'
const HOW_TO_SIGN = '每个请求带上 AppKey，并用 AppSecret 做 HMAC-SHA256 签名，请求格式与签名方法见'

/** The open API's documentation, served by the server: a page of its own, in a new tab. */
function DocsLink() {
  return (
    <a href={serverUrl(serverPaths.openApiDocs)} target="_blank" rel="noopener noreferrer">
      接口文档
    </a>
  )
}

function Intro() {
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title="通过开放接口（API）在您的系统中查询配件数据"
      description={
        <>
          <p style={{ margin: '4px 0' }}>
            {WHAT_IT_DOES}
            {HOW_TO_SIGN}
            <DocsLink />。
          </p>
          <p style={{ margin: 0 }}>
            接口地址：
            <Typography.Text copyable style={mono}>
              {serverUrl(serverPaths.openApi)}
            </Typography.Text>
          </p>
        </>
      }
    />
  )
}

function ItemsCard() {
  const usage = useApiUsage()
  const left = usage.data?.ItemsLeft
  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Space size={32} align="center" wrap>
        <Statistic title="剩余条数" value={left ?? '-'} loading={usage.isPending} data-testid="items-left" />
        {left !== undefined && left > 0 && <Link to={buyItemsLink(DATA_ITEM_PLANS.pack)}>购买条数包</Link>}
      </Space>
      {left === 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          title="剩余条数为 0：正式密钥查到的条目将不再返回数据（quota_exhausted），测试密钥不受影响。"
          description={
            <Space size={16} wrap>
              {usage.data?.TrialClaimed === false && (
                <Link to={buyItemsLink(DATA_ITEM_PLANS.trial)}>领取试用 100 条</Link>
              )}
              <Link to={buyItemsLink(DATA_ITEM_PLANS.pack)}>购买条数包</Link>
            </Space>
          }
        />
      )}
    </Card>
  )
}

/**
 * A key's list of IP ranges or embed origins, one a line, each wrapping between its parts (entryParts) when
 * the column is narrow; `none` when it has none.
 */
function EntryList({ entries, none }: { entries: string[]; none: string }) {
  return entries.length ? (
    <div style={{ ...mono, overflowWrap: 'anywhere' }}>
      {entries.map((entry) => (
        <div key={entry} style={{ marginBottom: 4 }}>
          {entryParts(entry).map((part, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one entry never move
            <Fragment key={i}>
              {i > 0 && <wbr />}
              {part}
            </Fragment>
          ))}
        </div>
      ))}
    </div>
  ) : (
    <Typography.Text type="secondary">{none}</Typography.Text>
  )
}

/** A Beijing `YYYY-MM-DD HH:mm:ss` on two lines, date over time, so the table fits the account area. */
function DateTime({ text }: { text: string }) {
  const [day, time] = text.split(' ')
  return (
    <span style={{ display: 'inline-block' }}>
      {day}
      <br />
      {time}
    </span>
  )
}

/** What the page shows when the keys cannot be read: the server's refusal, or a way to try again. */
function Unavailable({ error, retry }: { error: Error; retry: () => void }) {
  const refused = error instanceof ApiError && error.kind === 'result'
  return (
    <Card title="数据服务">
      {refused ? (
        <Result status="403" title="无法管理数据服务" subTitle={error.message} />
      ) : (
        <Result
          status="error"
          title="密钥加载失败"
          subTitle="网络异常，请稍后重试"
          extra={
            <Button type="primary" onClick={retry}>
              重试
            </Button>
          }
        />
      )}
    </Card>
  )
}

export default function DataServicePage() {
  const keys = useApiKeys()
  const secrets = useSecretReveal()
  const revoke = useRevokeApiKey()
  const [creating, setCreating] = useState(false)
  const [renaming, setRenaming] = useState<ApiKeyRow | null>(null)
  const [limiting, setLimiting] = useState<ApiKeyRow | null>(null)
  const [embedding, setEmbedding] = useState<ApiKeyRow | null>(null)

  if (keys.error) return <Unavailable error={keys.error} retry={() => keys.refetch()} />

  const rows = sortKeys(keys.data ?? [])
  const active = rows.filter((k) => k.State === 'active').length

  const revokeKey = async (k: ApiKeyRow) => {
    const row = await revoke.mutateAsync({ KeyId: k.KeyId }).catch(() => null)
    if (row) feedback.success(`密钥 ${row.Name} 已停用`)
  }

  const columns: ColumnsType<ApiKeyRow> = [
    {
      title: '名称 / AppKey',
      key: 'name',
      width: 200,
      render: (_, k) => (
        <>
          <div>{k.Name}</div>
          <Typography.Text
            copyable={{ tooltips: ['复制 AppKey', '已复制'] }}
            style={{ ...mono, fontSize: 12 }}
            type="secondary"
          >
            {k.AppKey}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '类型',
      key: 'type',
      width: 64,
      render: (_, k) => <Tag color={k.IsTest ? 'purple' : 'blue'}>{keyTypeName(k)}</Tag>,
    },
    {
      title: 'IP 范围',
      dataIndex: 'IpRanges',
      width: 110,
      render: (ranges: string[]) => <EntryList entries={ranges} none="不限" />,
    },
    {
      title: '嵌入来源',
      dataIndex: 'EmbedOrigins',
      width: 150,
      render: (origins: string[]) => <EntryList entries={origins} none="未开启" />,
    },
    {
      title: '状态',
      key: 'state',
      width: 76,
      render: (_, k) => <Tag color={k.State === 'active' ? 'green' : 'default'}>{keyStateName(k)}</Tag>,
    },
    { title: '创建时间', dataIndex: 'CreatedTime', width: 104, render: (t: string) => <DateTime text={t} /> },
    {
      title: '最近使用',
      dataIndex: 'LastUsedTime',
      width: 104,
      render: (t: string) =>
        t ? <DateTime text={t} /> : <Typography.Text type="secondary">从未使用</Typography.Text>,
    },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      render: (_, k) =>
        k.State === 'active' ? (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => setRenaming(k)}>
              重命名
            </Button>
            <Button type="link" size="small" onClick={() => setLimiting(k)}>
              设置 IP 范围
            </Button>
            <Button type="link" size="small" onClick={() => setEmbedding(k)}>
              设置嵌入来源
            </Button>
            <Popconfirm
              title={`重置密钥 ${k.Name}？`}
              description="将为该 AppKey 生成新的 AppSecret，旧的 AppSecret 立即失效，使用它的系统须改用新的。"
              okText="重置"
              cancelText="取消"
              onConfirm={() => secrets.rotateKey(k.KeyId)}
            >
              <Button type="link" size="small" loading={secrets.rotatingId === k.KeyId}>
                重置密钥
              </Button>
            </Popconfirm>
            <Popconfirm
              title={`停用密钥 ${k.Name}？`}
              description="停用后使用该密钥的请求将被拒绝，且无法恢复。"
              okText="停用"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => revokeKey(k)}
            >
              <Button type="link" size="small" danger>
                停用
              </Button>
            </Popconfirm>
          </Space>
        ) : (
          <Typography.Text type="secondary">
            停用于 <DateTime text={k.RevokedTime} />
          </Typography.Text>
        ),
    },
  ]

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title="数据服务"
        extra={
          <Space>
            <span data-testid="key-count">
              已启用 {active} / {DataServiceLimits.keysPerCompany} 个密钥
            </span>
            <Button type="primary" onClick={() => setCreating(true)}>
              新建密钥
            </Button>
          </Space>
        }
      >
        <Intro />
        <ItemsCard />
        <Table<ApiKeyRow>
          rowKey="KeyId"
          columns={columns}
          dataSource={rows}
          loading={keys.isPending}
          pagination={false}
          size="middle"
          scroll={{ x: 920 }}
          locale={{ emptyText: '还没有密钥，点击“新建密钥”开始接入' }}
          data-testid="api-keys"
        />
      </Card>
      <UsageCard />
      <CreateKeyDialog
        open={creating}
        creating={secrets.creating}
        onCreate={secrets.createKey}
        onClose={() => setCreating(false)}
      />
      <RenameKeyDialog apiKey={renaming} onClose={() => setRenaming(null)} />
      <IpRangesDialog apiKey={limiting} onClose={() => setLimiting(null)} />
      <EmbedOriginsDialog apiKey={embedding} onClose={() => setEmbedding(null)} />
      <SecretDialog revealed={secrets.revealed} onClose={secrets.close} />
    </Space>
  )
}
