import { formatPaise } from '../../../schemas/money.ts';
import { escapeHtml } from '../../http/escape.ts';

// The sandbox gateway's hosted page: plain HTML with no scripts (the CSP forbids them), one form per outcome.
// Paying asks for the instrument, as a gateway's page does (a test card number, a bank, a UPI id); the sandbox
// signs what was used into its callback, and a bank offer stands only when that qualifies.

const LABELS = { success: 'Payment succeeds', failed: 'Payment fails', pending: 'Payment stays pending' } as const;
const INSTRUMENTS: Record<string, string> = { upi: 'UPI', card: 'Debit / credit card', netbanking: 'Net banking', wallet: 'Wallet' };

export function sandboxPage(p: {
  orderId: string;
  amount: number;
  instrument: string;
  status: string;
  action: string;
  outcomes: Array<{ status: keyof typeof LABELS; fields: Record<string, string> }>;
  /** The pay form: where it posts, its hidden fields, the test cards and banks to offer. */
  pay: {
    action: string;
    fields: Record<string, string>;
    cards: Record<string, string>;
    banks: readonly string[];
    /** The saved card this attempt pays with: the page asks only for its CVV. */
    savedCard?: { network: string; last4: string } | null;
    /** The card's first digits given on the store's payment page: the card number starts with them. */
    cardBin?: string | null;
  };
}): string {
  const done = p.status === 'success' || p.status === 'failed' || p.status === 'expired';
  const hidden = (fields: Record<string, string>) =>
    Object.entries(fields)
      .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
      .join('');
  const cards = Object.entries(p.pay.cards);
  const saved = p.pay.savedCard;
  // The consent box is unticked: a card is saved only when the shopper asks (RBI card-on-file tokenisation).
  // Its value precedes its name so that a form reader taking name-then-value pairs leaves it unticked too.
  const entry = saved
    ? `<p>Saved card: ${escapeHtml(saved.network)} •••• ${escapeHtml(saved.last4)}</p><label>CVV<input name="cvv" type="password" inputmode="numeric" autocomplete="off" required pattern="[0-9]{3,4}" maxlength="4" value=""></label>`
    : p.instrument === 'card'
      ? `<label>Card number (test cards: ${cards.map(([n, bank]) => `${n} ${escapeHtml(bank)}`).join('; ')})<input name="card_number" inputmode="numeric" autocomplete="off" required pattern="[0-9 ]{15,19}" value="${escapeHtml(p.pay.cardBin ?? cards[0]?.[0] ?? '')}"></label><label>Expiry (MM/YY)<input name="expiry" autocomplete="off" pattern="(0[1-9]|1[0-2])/[0-9]{2}" value="12/30"></label><label class="consent"><input type="checkbox" value="yes" name="save_card"> Save this card (RBI tokenisation)</label>`
      : p.instrument === 'netbanking'
        ? `<label>Bank<select name="bank">${p.pay.banks.map((b) => `<option>${escapeHtml(b)}</option>`).join('')}</select></label>`
        : p.instrument === 'upi'
          ? '<label>UPI ID<input name="vpa" autocomplete="off" required value="shopper@okaxis"></label>'
          : '';
  const payForm = `<form method="post" action="${escapeHtml(p.pay.action)}">${hidden(p.pay.fields)}${entry}<button type="submit" class="success">${LABELS.success}</button></form>`;
  const forms = [
    payForm,
    ...p.outcomes
      .filter((o) => o.status !== 'success')
      .map(
        (o) =>
          `<form method="post" action="${escapeHtml(p.action)}">${Object.entries(o.fields)
            .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
            .join('')}<button type="submit" class="${o.status}">${LABELS[o.status]}</button></form>`,
      ),
  ].join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox payment · Kasrat</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:1.5rem;background:#f4f5f7;color:#1b1f24}
main{max-width:28rem;margin:0 auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.25rem;margin:0 0 1rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{color:#4a5360}
form{margin:.75rem 0 0}label{display:block;margin:0 0 .5rem;font-size:.875rem}input,select{display:block;width:100%;box-sizing:border-box;min-height:44px;font-size:1rem;margin-top:.25rem}label.consent{display:flex;gap:.5rem;align-items:center}label.consent input{width:auto;min-height:24px;margin:0}button{width:100%;min-height:48px;font-size:1rem;border:0;border-radius:8px;cursor:pointer;color:#fff}
.success{background:#17663a}.failed{background:#a61b1b}.pending{background:#5b4a00}p.note{color:#4a5360;font-size:.875rem}</style>
</head><body><main>
<h1>Sandbox payment gateway</h1>
<dl><dt>Order</dt><dd>${escapeHtml(p.orderId)}</dd><dt>Amount</dt><dd>${escapeHtml(formatPaise(p.amount))}</dd><dt>Pay with</dt><dd>${escapeHtml(INSTRUMENTS[p.instrument] ?? p.instrument)}</dd></dl>
${done ? `<p>This payment is already ${escapeHtml(p.status)}.</p>` : forms}
<p class="note">No money moves here: this page stands in for a real gateway and answers with a signed callback.</p>
</main></body></html>`;
}
