// The header's 4S报价系统 and 采购单 menu items once signed in: hovering shows the latest quotations or
// purchase orders (spec section 2). Loaded lazily, so /login does not download the list code.
import type { SheetKind } from '@epc/shared'
import { Popover } from 'antd'
import { type ReactElement, useState } from 'react'
import { LatestSheets } from '../../features/sheets/components/LatestSheets'
import { QueryProvider } from '../query'

export default function HeaderSheets({ kind, children }: { kind: SheetKind; children: ReactElement }) {
  const [open, setOpen] = useState(false)
  return (
    <QueryProvider>
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="hover"
        placement="bottomLeft"
        mouseEnterDelay={0.2}
        arrow={false}
        // Below the header's bottom edge rather than over it.
        align={{ offset: [-10, 20] }}
        content={<LatestSheets kind={kind} open={open} />}
      >
        {children}
      </Popover>
    </QueryProvider>
  )
}
