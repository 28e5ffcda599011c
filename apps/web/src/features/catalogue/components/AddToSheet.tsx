// The catalogue's way into the sheets: 加入报价单 / 加入采购单 for one part and 全部加入报价单 for a list. Each
// opens the sheet page in a new window carrying the parts (features/sheets/links.ts).
import { FileAddOutlined, PlusCircleOutlined, ShoppingCartOutlined } from '@ant-design/icons'
import type { SheetKind } from '@epc/shared'
import { Button, Dropdown, Space, Tooltip } from 'antd'
import type { MouseEvent, ReactNode } from 'react'
import { feedback } from '../../../lib/feedback'
import { BuiltOnHover, IconButton } from '../../../lib/light-controls'
import { hasRight, useSession } from '../../../lib/session'
import { openSheetWindow, type PendingPart, sheetLink } from '../../sheets'

const LABEL: Record<SheetKind, string> = { quote: '加入报价单', purchase: '加入采购单' }
const ICON: Record<SheetKind, ReactNode> = { quote: <FileAddOutlined />, purchase: <ShoppingCartOutlined /> }
const KINDS: SheetKind[] = ['quote', 'purchase']
/** The sheets a user may add to: 采购单 only with the purchase-price right, without which its page is closed. */
function useSheetKinds(): SheetKind[] {
  const info = useSession((s) => s.info)
  return hasRight(info, 'purchasePrice') ? KINDS : ['quote']
}

/**
 * One small trigger for a table row, with 加入报价单 and 加入采购单 in its menu: one narrow column keeps the
 * dense tables readable at 1024. It takes no focus (not by Tab, not by click), so the row keys — arrows and
 * Enter on /partsDetail — keep working after a click. antd's Dropdown, Tooltip and Button are built when the
 * pointer first comes over it (lib/light-controls): 50 rows of them held the part-code answer up.
 */
export function AddToSheetMenu({ part }: { part: PendingPart }) {
  const kinds = useSheetKinds()
  const trigger = {
    // 加入报价单 alone for a clerk who may not open purchase orders.
    'aria-label': kinds.length > 1 ? '加入报价单/采购单' : LABEL.quote,
    tabIndex: -1,
    onMouseDown: (e: MouseEvent) => e.preventDefault(),
    onDoubleClick: (e: MouseEvent) => e.stopPropagation(),
    style: { color: '#d4380d' },
  }
  return (
    <BuiltOnHover target="button" light={<IconButton icon={<PlusCircleOutlined />} {...trigger} />}>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: kinds.map((kind) => ({ key: kind, icon: ICON[kind], label: LABEL[kind] })),
          onClick: ({ key, domEvent }) => {
            // The menu lives in a portal, but React still bubbles its clicks to the row.
            domEvent.stopPropagation()
            openSheetWindow(key as SheetKind, [part])
          },
        }}
      >
        <Tooltip title={kinds.length > 1 ? '加入报价单或采购单' : LABEL.quote} mouseEnterDelay={0.4}>
          <Button type="text" size="small" icon={<PlusCircleOutlined />} {...trigger} />
        </Tooltip>
      </Dropdown>
    </BuiltOnHover>
  )
}

/** The two buttons with their labels, for a drawer's or a card's header. */
export function AddToSheetButtons({ part, size }: { part: PendingPart | null; size?: 'small' | 'middle' }) {
  const kinds = useSheetKinds()
  return (
    <Space size={8}>
      {kinds.map((kind) => (
        <Button
          key={kind}
          size={size}
          type={kind === 'quote' ? 'primary' : 'default'}
          ghost={kind === 'quote'}
          icon={ICON[kind]}
          disabled={!part}
          onClick={() => part && openSheetWindow(kind, [part])}
        >
          {LABEL[kind]}
        </Button>
      ))}
    </Space>
  )
}

/**
 * The longest hand-over link sent: the parts travel (compressed) in the URL, and the server (Node's default
 * 16 KB for the request line and headers together) answers 431 to a longer one, which would open a window
 * with an error. Compressed, a few hundred parts fit.
 */
export const MAX_SHEET_LINK = 12_000

/**
 * 全部加入报价单: every listed part with its quantity (spec: both lists can go to a quotation); with
 * `purchase`, 全部加入采购单 beside it for a user who may open purchase orders (the part-code query's list).
 */
export function AddAllToSheets({ parts, purchase = false }: { parts: PendingPart[]; purchase?: boolean }) {
  const kinds = useSheetKinds().filter((kind) => purchase || kind === 'quote')
  const add = (kind: SheetKind) => {
    if (sheetLink(kind, parts).length > MAX_SHEET_LINK) {
      feedback.warning(`配件较多（共 ${parts.length} 个），无法一次全部${LABEL[kind]}，请减少选择后再试`)
      return
    }
    openSheetWindow(kind, parts)
  }
  return (
    <Space size={8}>
      {kinds.map((kind) => (
        <Tooltip key={kind} title={parts.length ? `共 ${parts.length} 个配件` : '没有可加入的配件'}>
          <Button size="small" icon={ICON[kind]} disabled={!parts.length} onClick={() => add(kind)}>
            全部{LABEL[kind]}
          </Button>
        </Tooltip>
      ))}
    </Space>
  )
}
