// The in-vehicle part search's hits: name, number, main/sub group, illustration, callout and what matched
// (and through which alias: 按 刹车片); each opens its illustration with the callout highlighted.
import type { GroupTreeAnswer, NameSearchHit } from '@epc/shared'
import { Table, Tag } from 'antd'
import { Link } from 'react-router'
import { useDisplaySize } from '../../../lib/display-size'

const MATCHED_BY: Record<NameSearchHit['matched_by'], { label: string; color: string }> = {
  name: { label: '名称', color: 'blue' },
  pinyin: { label: '拼音', color: 'cyan' },
  initials: { label: '首字母', color: 'geekblue' },
  alias: { label: '俗称', color: 'purple' },
  number: { label: '零件号', color: 'orange' },
  sound: { label: '同音', color: 'magenta' },
  partial: { label: '部分', color: 'default' },
}

const mono = { fontFamily: 'Menlo, Consolas, monospace' }

export function NameSearchResults({
  hits,
  loading,
  groups,
  urlOf,
  onOpen,
}: {
  hits: NameSearchHit[]
  loading: boolean
  groups: GroupTreeAnswer['groups']
  urlOf: (hit: NameSearchHit) => string
  onOpen: (hit: NameSearchHit) => void
}) {
  const size = useDisplaySize()
  const mainName = (n: string) => groups.find((g) => g.main_number === n)?.name ?? n
  const subName = (main: string, sub: string) =>
    groups.find((g) => g.main_number === main)?.subs.find((s) => s.sub_number === sub)?.name ?? sub
  return (
    <Table<NameSearchHit>
      data-testid="name-search-results"
      size={size}
      loading={loading}
      rowKey={(h) => `${h.imageid}-${h.callout}-${h.part_number}`}
      dataSource={hits}
      pagination={hits.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      locale={{ emptyText: '抱歉，暂无数据' }}
      onRow={(h) => ({ onClick: () => onOpen(h), style: { cursor: 'pointer' } })}
      columns={[
        {
          title: '名称',
          dataIndex: 'part_name_cn',
          render: (v: string, h) => (
            <Link to={urlOf(h)} onClick={(e) => e.stopPropagation()}>
              {v}
            </Link>
          ),
        },
        { title: '零件号', dataIndex: 'disp_number', render: (v: string) => <span style={mono}>{v}</span> },
        {
          title: '主组 / 子组',
          key: 'group',
          render: (_v, h) => (
            <span>
              {mainName(h.main_number)} / {subName(h.main_number, h.sub_number)}
            </span>
          ),
        },
        {
          title: '图号',
          dataIndex: 'imageid',
          render: (v: string, h) => (
            <span>
              <span style={mono}>{v}</span> <span style={{ color: '#8c8c8c' }}>{h.image_name}</span>
            </span>
          ),
        },
        { title: '位置', dataIndex: 'callout', width: 64, align: 'center' },
        { title: '用量', dataIndex: 'quantity', width: 64, align: 'center' },
        {
          title: '匹配',
          dataIndex: 'matched_by',
          width: 140,
          render: (v: NameSearchHit['matched_by'], h) => (
            <span>
              <Tag color={MATCHED_BY[v].color}>{MATCHED_BY[v].label}</Tag>
              {h.matched_text && h.matched_text !== h.part_name_cn && (
                <span style={{ color: '#8c8c8c', fontSize: 12 }}>按 {h.matched_text}</span>
              )}
            </span>
          ),
        },
      ]}
    />
  )
}
