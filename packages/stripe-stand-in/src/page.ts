import type { SessionRecord } from './checkout'
import { formatAmount } from './currency'

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/** Plain CSS in the page itself: the page loads nothing from anywhere. */
const STYLE = `
body { font-family: system-ui, sans-serif; margin: 0; background: #f6f7f9; color: #1a1f36; }
main { max-width: 32rem; margin: 2rem auto; background: #fff; padding: 1.5rem; border-radius: 8px;
  box-shadow: 0 1px 3px rgba(0,0,0,.12); }
h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
.badge { display: inline-block; font-size: .75rem; background: #ffe8b3; padding: .1rem .4rem; border-radius: 4px; }
table { width: 100%; border-collapse: collapse; margin: 1rem 0; }
th, td { text-align: left; padding: .4rem 0; border-bottom: 1px solid #e3e8ee; }
td.num, th.num { text-align: right; }
tfoot td { font-weight: 600; border-bottom: 0; }
button { font: inherit; padding: .6rem 1rem; border-radius: 6px; border: 0; cursor: pointer; }
button.pay { background: #635bff; color: #fff; width: 100%; font-weight: 600; }
button.decline { background: none; color: #c0123c; text-decoration: underline; padding: .5rem 0; }
.actions { display: flex; justify-content: space-between; align-items: center; margin-top: .5rem; }
label { display: block; margin: .5rem 0 .25rem; }
input { font: inherit; width: 100%; padding: .4rem; box-sizing: border-box; }
.error { color: #c0123c; }
`

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`
}

/** The hosted page of an open session: what is bought, the total, a Pay button and a way back to the shop. */
export function paymentPage(record: SessionRecord, options: { declined?: boolean } = {}): string {
  const { session, lineItems } = record
  const money = (amount: number) => escapeHtml(formatAmount(amount, session.currency))
  const rows = lineItems
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item.description)}</td><td class="num">${item.quantity}</td><td class="num">${money(item.amount_total)}</td></tr>`,
    )
    .join('\n')
  const shipping = session.shipping_cost
    ? `<tr><td>${escapeHtml(record.shippingName ?? 'Shipping')}</td><td class="num"></td><td class="num">${money(session.shipping_cost.amount_total)}</td></tr>`
    : ''
  const cancel = session.cancel_url ? `<a href="${escapeHtml(session.cancel_url)}">Cancel</a>` : '<span></span>'
  const declined = options.declined
    ? '<p class="error" role="alert">Your card was declined. Try again, or go back to the shop.</p>'
    : ''
  return layout(
    `Pay ${formatAmount(session.amount_total, session.currency)}`,
    `<p class="badge">Stripe stand-in: test payments only</p>
<h1>Pay <span data-testid="amount-total">${money(session.amount_total)}</span></h1>
${declined}
<table>
<thead><tr><th>Item</th><th class="num">Qty</th><th class="num">Amount</th></tr></thead>
<tbody>
${rows}
${shipping}
</tbody>
<tfoot><tr><td>Total</td><td></td><td class="num">${money(session.amount_total)}</td></tr></tfoot>
</table>
<form method="post" action="/pay/${escapeHtml(session.id)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(session.customer_email ?? '')}">
<p><button class="pay" type="submit" name="outcome" value="pay">Pay ${money(session.amount_total)}</button></p>
<div class="actions">
${cancel}
<button class="decline" type="submit" name="outcome" value="decline">Pay with a declined card</button>
</div>
</form>`,
  )
}

/** What the page shows for a session that cannot be paid, and when there is nowhere to send the customer. */
export function messagePage(title: string, text: string, link?: { href: string; label: string }): string {
  const back = link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''
  return layout(
    title,
    `<p class="badge">Stripe stand-in</p>\n<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>\n${back}`,
  )
}
