// The part-detail drawer every catalogue screen opens on a part: identity, supersession chain, substitutes,
// 4S price lists, stock in the ten warehouses and the models the part fits (each opening its illustration).
// Inside a desktop host also the dealer's own stock, and the dealer prices the company reported (店端4S价).
import type { PartDetailAnswer, StockRow } from '@epc/shared'
import { WAREHOUSES } from '@epc/shared'
import { Descriptions, Drawer, Empty, Skeleton, Table, Tag, Timeline, Typography } from 'antd'
import type { JSX } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import { useDisplaySize } from '../../../lib/display-size'
import { formatMoney } from '../../../lib/format'
import { useCloseWhenHidden } from '../../../lib/keep-alive'
import { useSession } from '../../../lib/session'
import {
  DealerPriceList,
  HostStockPanel,
  hostFill,
  maySeeDealerPurchasePrice,
  useDealerPrices,
  useHostStock,
  useInHost,
} from '../../host-bridge'
import { usePartDetail } from '../api/part-detail'
import { fromTypeAt, partsDetailUrl } from '../links'
import { pendingPart } from '../pending-part'
import { AddToSheetButtons } from './AddToSheet'

const NO_DATA = '抱歉，暂无数据'
const mono = { fontFamily: 'Menlo, Consolas, monospace' }

type FittingModel = PartDetailAnswer['models'][number]

/** The stock rows in the spec's warehouse order, whatever order the server sent. */
function stockInOrder(stock: StockRow[]): StockRow[] {
  const rank = (code: string) => {
    const i = WAREHOUSES.findIndex((w) => w.code === code)
    return i < 0 ? WAREHOUSES.length : i
  }
  return [...stock].sort((a, b) => rank(a.warehouse) - rank(b.warehouse))
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section style={{ marginTop: 20 }}>
      <Typography.Title level={5} style={{ marginBottom: 8 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  )
}

/** The dealer's live stock, as a section of its own inside a host (nothing elsewhere). */
function HostStockSection({ partNumber, make }: { partNumber: string; make: string }) {
  const panel = <HostStockPanel partNumber={partNumber} make={make} />
  return useInHost() ? <Section title="本店库存（店端系统）">{panel}</Section> : null
}

export function PartDetailDrawer(props: {
  partNumber: string | null
  onClose: () => void
  /** The maker code of the model in view (its brand number), for the host's 8021 look-up. */
  make?: string
}): JSX.Element {
  const { partNumber, onClose, make = '' } = props
  useCloseWhenHidden(partNumber !== null, onClose)
  const size = useDisplaySize()
  const detail = usePartDetail(partNumber)
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const { pathname } = useLocation()
  const data = detail.data
  // The host is asked for the part number as the catalogue shows it, once the catalogue has answered.
  const shownNumber = data?.disp_number ?? null
  const host = useHostStock(shownNumber, make)
  const seesPurchase = maySeeDealerPurchasePrice(useSession((s) => s.info))
  const fill = shownNumber ? hostFill(host.data, shownNumber, seesPurchase) : null
  const dealerPrices = useDealerPrices(shownNumber).data ?? []

  // A fitting model opens in the search context the drawer was opened from.
  const modelUrl = (m: FittingModel) =>
    partsDetailUrl({
      modelCode: m.ModelId,
      imageid: m.imageid,
      callout: m.callout,
      fromType: fromTypeAt(pathname, params),
    })
  const openModel = (m: FittingModel) => {
    onClose()
    navigate(modelUrl(m))
  }

  return (
    <Drawer
      open={!!partNumber}
      onClose={onClose}
      size={size === 'large' ? 760 : 640}
      title="配件详情"
      extra={
        <AddToSheetButtons
          size="small"
          part={
            data
              ? {
                  ...pendingPart({
                    ...data,
                    stock_total: data.stock.reduce((sum, s) => sum + s.STOCK_QUANTITY, 0),
                  }),
                  // The dealer's own stock and prices, when the host has the part.
                  ...(fill && {
                    available_stock: fill.available_stock,
                    sale_price: fill.sale_price ?? data.price,
                    purchase_price: fill.purchase_price,
                  }),
                }
              : null
          }
        />
      }
      destroyOnHidden
      data-testid="part-detail-drawer"
    >
      {detail.isLoading && <Skeleton active paragraph={{ rows: 12 }} />}
      {!detail.isLoading && !data && <Empty description={NO_DATA} />}
      {data && (
        <div data-testid="part-detail">
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label="零件号" span={2}>
              <Typography.Text
                copyable={{ text: data.disp_number, tooltips: ['复制', '已复制'] }}
                strong
                style={mono}
              >
                {data.disp_number}
              </Typography.Text>
              {data.sales_banned && (
                <Tag color="red" style={{ marginLeft: 8 }}>
                  停售
                </Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="名称">{data.part_name_cn}</Descriptions.Item>
            <Descriptions.Item label="通用名">{data.generic_name || '-'}</Descriptions.Item>
            <Descriptions.Item label="4S价">
              <Typography.Text strong style={{ color: '#d4380d' }}>
                {formatMoney(data.price)}
              </Typography.Text>
            </Descriptions.Item>
            {dealerPrices.length > 0 && (
              <Descriptions.Item label="店端4S价" span={2}>
                <DealerPriceList prices={dealerPrices} />
              </Descriptions.Item>
            )}
            <Descriptions.Item label="替换为">
              {data.replaced_by ? <span style={mono}>{data.replaced_by}</span> : '-'}
            </Descriptions.Item>
            <Descriptions.Item label="备注" span={2}>
              {data.remark || '-'}
            </Descriptions.Item>
          </Descriptions>

          <HostStockSection partNumber={data.disp_number} make={make} />

          <Section title="替换关系">
            {data.chain.length > 1 ? (
              <Timeline
                style={{ marginTop: 8 }}
                items={data.chain.map((c, i) => ({
                  color: c.current ? 'red' : 'gray',
                  content: (
                    <span data-testid="chain-step">
                      <span style={{ ...mono, fontWeight: c.current ? 600 : 400 }}>{c.disp_number}</span>
                      {!c.current && data.chain[i + 1] && (
                        <span style={{ color: '#8c8c8c', marginLeft: 12 }}>
                          {c.changed_on ? `${c.changed_on} ` : ''}替换为 {data.chain[i + 1]?.disp_number}
                        </span>
                      )}
                      {c.current && (
                        <Tag color="volcano" style={{ marginLeft: 8 }}>
                          当前
                        </Tag>
                      )}
                    </span>
                  ),
                }))}
              />
            ) : (
              <Typography.Text type="secondary">无替换记录</Typography.Text>
            )}
          </Section>

          <Section title="互换件">
            {data.substitutes.length ? (
              <Table
                size="small"
                rowKey="disp_number"
                pagination={false}
                dataSource={data.substitutes}
                columns={[
                  {
                    title: '零件号',
                    dataIndex: 'disp_number',
                    render: (v: string) => <span style={mono}>{v}</span>,
                  },
                  { title: '名称', dataIndex: 'part_name_cn' },
                  { title: '说明', dataIndex: 'note' },
                ]}
              />
            ) : (
              <Typography.Text type="secondary">无互换件</Typography.Text>
            )}
          </Section>

          <Section title="4S价格">
            <Descriptions bordered size="small" column={2}>
              {data.prices.map((p) => (
                <Descriptions.Item key={p.type4s} label={p.name}>
                  {formatMoney(p.price)}
                </Descriptions.Item>
              ))}
            </Descriptions>
          </Section>

          <Section title="库存">
            <Table
              data-testid="stock-table"
              size="small"
              rowKey="warehouse"
              pagination={false}
              dataSource={stockInOrder(data.stock)}
              locale={{ emptyText: NO_DATA }}
              columns={[
                { title: '仓库', dataIndex: 'warehouse_name' },
                // 进价 only to those with the price right (the server answers null to the others).
                ...(seesPurchase
                  ? [
                      {
                        title: '进价',
                        dataIndex: 'PRICE',
                        align: 'right' as const,
                        render: (v: number | null) => formatMoney(v),
                      },
                    ]
                  : []),
                {
                  title: '销售价',
                  dataIndex: 'NETWR',
                  align: 'right',
                  render: (v: number | null) => formatMoney(v),
                },
                {
                  title: '库存',
                  dataIndex: 'STOCK_QUANTITY',
                  align: 'right',
                  render: (v: number) => (v > 0 ? v : <span style={{ color: '#bbb' }}>0</span>),
                },
                {
                  title: '停售',
                  dataIndex: 'SLFLAG',
                  align: 'center',
                  render: (v: number) => (v ? <Tag color="red">停售</Tag> : '-'),
                },
              ]}
            />
          </Section>

          <Section title={`适用车型（${data.models.length}）`}>
            <Table
              data-testid="fitting-models"
              size="small"
              rowKey={(m) => `${m.ModelId}-${m.imageid}-${m.callout}`}
              pagination={data.models.length > 20 ? { pageSize: 20, size: 'small' } : false}
              dataSource={data.models}
              locale={{ emptyText: NO_DATA }}
              onRow={(m) => ({ onClick: () => openModel(m), style: { cursor: 'pointer' } })}
              columns={[
                {
                  title: '车型',
                  dataIndex: 'car_name',
                  render: (v: string, m) => (
                    <Link
                      to={modelUrl(m)}
                      onClick={(e) => {
                        e.stopPropagation()
                        onClose()
                      }}
                    >
                      {v}
                    </Link>
                  ),
                },
                { title: '年款', dataIndex: 'year', width: 64 },
                {
                  title: '图号',
                  dataIndex: 'imageid',
                  render: (v: string, m) => (
                    <span>
                      <span style={mono}>{v}</span> {m.image_name}
                    </span>
                  ),
                },
                { title: '位置', dataIndex: 'callout', width: 56, align: 'center' },
                { title: '用量', dataIndex: 'quantity', width: 56, align: 'center' },
              ]}
            />
          </Section>
        </div>
      )}
    </Drawer>
  )
}
