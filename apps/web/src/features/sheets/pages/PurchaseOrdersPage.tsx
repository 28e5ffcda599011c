// /purchaseOrders (采购单): the purchase orders made for suppliers.
import { SheetsScreen } from '../components/SheetsScreen'

export default function PurchaseOrdersPage() {
  return <SheetsScreen kind="purchase" />
}
