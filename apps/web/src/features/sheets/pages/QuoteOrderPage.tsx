// /quoteOrder (报价单): the 4S quotation sheets, opened in a new window from the catalogue screens.
import { SheetsScreen } from '../components/SheetsScreen'

export default function QuoteOrderPage() {
  return <SheetsScreen kind="quote" />
}
