// The sandbox gateway's hosted page as a shopper fills it in: the pay form's fields (hidden ones, the entry
// prefilled or overridden, a bank select's first option) and each pre-signed outcome form's fields.

export const SANDBOX_PAY_URL = '/api/payment/sandbox/pay';

/** The pay form's fields, with `entry` (card_number, bank or vpa) replacing what the page prefilled. */
export function payFormFields(html: string, entry: Record<string, string> = {}): Record<string, string> {
  const form = html.split('<form').find((f) => f.includes(`action="${SANDBOX_PAY_URL}"`)) ?? '';
  const fields: Record<string, string> = Object.fromEntries(
    [...form.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
  );
  const select = /<select name="([^"]+)"><option>([^<]*)<\/option>/.exec(form);
  if (select) fields[select[1] as string] = select[2] as string;
  return { ...fields, ...entry };
}

/** The hidden fields of the pre-signed form for `status` (failed, pending). */
export function outcomeFields(html: string, status: string): Record<string, string> {
  const form = html.split('<form').find((f) => f.includes(`value="${status}"`)) ?? '';
  return Object.fromEntries([...form.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}
