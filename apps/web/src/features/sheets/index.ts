// What other features may use of the sheets: handing parts over to a quotation or purchase order, which
// opens that sheet page in a new window (links.ts).
export { openSheetWindow, type PendingPart, sheetLink } from './links'
