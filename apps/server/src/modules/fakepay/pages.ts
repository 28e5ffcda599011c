// The fake platform's payer pages: Alipay's cashier and WeChat's "scanned on the phone" page, plain HTML
// forms (the site's CSP allows no inline script, and forms post to the same origin).
import type { FakeTrade } from './fake-platform'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`

function page(title: string, body: string) {
  return `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
body { font-family: sans-serif; background: #f5f5f5; margin: 0; }
main { max-width: 480px; margin: 60px auto; background: #fff; padding: 32px; border-radius: 8px; }
h1 { font-size: 20px; margin: 0 0 8px; } .note { color: #999; font-size: 13px; }
.amount { font-size: 32px; color: #f5222d; margin: 16px 0; }
dl { display: grid; grid-template-columns: 5em 1fr; gap: 6px; } dt { color: #666; } dd { margin: 0; }
button { font-size: 16px; padding: 8px 24px; margin-right: 12px; cursor: pointer; }
</style></head>
<body><main>${body}</main></body>
</html>`
}

function tradeDetails(trade: FakeTrade) {
  return `<div class="amount">¥ ${yuan(trade.amountFen)}</div>
<dl><dt>商品</dt><dd>${escapeHtml(trade.subject)}</dd><dt>订单号</dt><dd>${escapeHtml(trade.outTradeNo)}</dd></dl>`
}

function payForm(action: string, field: string, value: string) {
  return `<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="${field}" value="${escapeHtml(value)}">
<button type="submit" name="result" value="success">确认付款</button>
<button type="submit" name="result" value="fail">支付失败</button>
</form>`
}

export function alipayCashierPage(trade: FakeTrade) {
  return page(
    '支付宝收银台（模拟）',
    `<h1>支付宝收银台</h1><p class="note">本地模拟支付平台，仅供开发和测试，不会扣款。</p>
${tradeDetails(trade)}
${payForm('/fakepay/alipay/cashier', 'out_trade_no', trade.outTradeNo)}`,
  )
}

export function wechatScanPage(trade: FakeTrade) {
  return page(
    '微信支付（模拟）',
    `<h1>微信支付</h1><p class="note">本地模拟支付平台：此页代替手机扫码后的付款页，不会扣款。</p>
${tradeDetails(trade)}
${payForm('/fakepay/wechat/scan', 'code_url', trade.codeUrl)}`,
  )
}

export function messagePage(title: string, text: string) {
  return page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`)
}
