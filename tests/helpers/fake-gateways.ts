import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import PaytmChecksum from 'paytmchecksum';

// Paytm and Juspay as their documentation describes them, over HTTP on a free port, for contract tests of the
// adapters. Nothing here is imported from server/payments: Paytm's signatures come from Paytm's own package
// (paytmchecksum), Juspay's return-URL signature is written out below from Juspay's documentation, so a
// divergence of the adapters from either gateway fails a test.
//
// What the fakes do, as documented:
// - Paytm: Initiate Transaction (body signed with paytmchecksum, answered with a txnToken), the callback form
//   (CHECKSUMHASH), Transaction Status (/v3/order/status, signed head), Refund (/refund/apply: PENDING, then
//   SUCCESS through /v2/refund/status). The Refund API's response codes (https://paytmpayments.com/docs/refund-api):
//   a repeated refId is 617 "Refund Already Raised" only within 10 minutes of its first request; after that 629
//   once it succeeded and 626 while it is open; any refund while another of the order is open is 626; a partial
//   refund under ₹1 is 635. Refund Status (/v2/refund/status, https://paytmpayments.com/docs/refund-status-api) by
//   refId; an unknown refId is 631 "Record not found". Webhooks as form fields or JSON (`{ head, body }`).
// - Juspay: session (order NEW, payment link), several transactions per order (a failed one, then a charged one),
//   order status (/orders/:id with the refunds list), refunds (/orders/:id/refunds: PENDING, then SUCCESS on a
//   later status call; a repeated unique_request_id is a 400 REFUND_DUPLICATE_REQUEST as Juspay's refund
//   documentation names it (https://juspay.io/sea/docs/api-reference-global/docs/express-checkout/refund-order-api), or
//   another spelling set by the test; ids alphanumeric, under 21 characters; at least ₹1), the signed return URL,
//   and webhooks (Basic authentication, the order status body; events without an order, such as TXN_CREATED).

export interface FakeInstrument {
  /** Paytm PAYMENTMODE / Juspay payment_method_type. */
  mode: 'CC' | 'DC' | 'NB' | 'UPI' | 'PPI';
  bin?: string;
  bank?: string;
  vpa?: string;
  /**
   * The shopper ticked the page's "save this card" consent; the card is tokenised into the gateway's vault
   * (Juspay's locker, Paytm's card-on-file tokens) on a successful payment.
   */
  save?: { brand: string; last4: string; month: string; year: string };
  /**
   * Juspay: paid with a card from the customer's locker (its card_reference). The order status then describes the
   * network token's transaction: the card's own prefix (card_isin) is not in it; the locker's list has it.
   */
  lockerCard?: string;
}

interface Refund {
  id: string;
  requestId: string;
  amount: string;
  status: 'PENDING' | 'SUCCESS' | 'FAILURE';
  /** When the refund was first requested (the fake's clock): Paytm answers 617 for 10 minutes after. */
  raisedAt: number;
}

interface Order {
  orderId: string;
  amount: string;
  status: string;
  txns: Array<{ txnId: string; status: string; instrument: FakeInstrument }>;
  refunds: Refund[];
  /** Refunds settle on the status call after they were raised (the "PENDING then SUCCESS" of both gateways). */
  failRefunds?: boolean;
  /** Refunds stay PENDING whatever is asked (the bank has not answered Paytm or Juspay yet). */
  holdRefunds?: boolean;
  juspayId: string;
  /** Juspay: the session's customer_id (the locker the card is saved to); Paytm: the initiate's userInfo.custId. */
  customerId?: string;
  /** The initiation's body as the adapter sent it (Paytm's initiate body, Juspay's session). */
  initiation?: Record<string, unknown>;
  /** Juspay: the card_reference of the card tokenised on this order. */
  savedReference?: string;
  returnUrl?: string;
  callbackUrl?: string;
}

/** Juspay's documented return-URL signature, written independently of the adapter. */
export function juspayDocumentedSignature(params: Record<string, string>, responseKey: string): string {
  const enc = (s: string) => encodeURIComponent(s);
  const keys = Object.keys(params)
    .filter((k) => k !== 'signature' && k !== 'signature_algorithm')
    .map((k) => ({ k: enc(k), v: enc(params[k] as string) }));
  keys.sort((a, b) => (a.k > b.k ? 1 : a.k < b.k ? -1 : 0));
  const text = enc(keys.map(({ k, v }) => `${k}=${v}`).join('&'));
  return createHmac('sha256', responseKey).update(text).digest('base64');
}

const rupees = (paise: number) => (paise / 100).toFixed(2);
const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => resolve(body));
  });
const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

export interface FakeGatewayKeys {
  paytmMid: string;
  paytmKey: string;
  juspayMerchantId: string;
  juspayApiKey: string;
  juspayResponseKey: string;
  juspayWebhookUser: string;
  juspayWebhookPassword: string;
}

export const FAKE_KEYS: FakeGatewayKeys = {
  paytmMid: 'KASRATFAKE000001',
  paytmKey: 'fakeMerchantKy16',
  juspayMerchantId: 'kasratfake',
  juspayApiKey: 'fake-juspay-api-key',
  juspayResponseKey: 'fake-juspay-response-key-0123',
  juspayWebhookUser: 'kasrat-hooks',
  juspayWebhookPassword: 'fake-webhook-password-0123',
};

export async function startFakeGateways(keys: FakeGatewayKeys = FAKE_KEYS) {
  const orders = new Map<string, Order>();
  /** Every request the adapters made, for assertions on what was asked. */
  const calls: Array<{ path: string; body: unknown; headers: Record<string, string | string[] | undefined> }> = [];
  /** The fake's clock (tests move it on); refunds remember when they were raised. */
  let clockOffset = 0;
  const now = () => Date.now() + clockOffset;
  /** The next refund request is raised, then its answer is lost (the connection drops: HTTP 502). */
  let loseNextRefundAnswer = false;
  /** How Juspay spells its duplicate-request code (its refund documentation: REFUND_DUPLICATE_REQUEST). */
  let juspayDuplicateCode = 'REFUND_DUPLICATE_REQUEST';
  let seq = 0;
  /** A Juspay webhook event around `content`, with the dashboard's Basic credentials. */
  const juspayEvent = (eventName: string, content: Record<string, unknown>) => ({
    headers: {
      authorization: `Basic ${Buffer.from(`${keys.juspayWebhookUser}:${keys.juspayWebhookPassword}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: { id: `evt_V2_${++seq}`, event_name: eventName, date_created: '2026-11-28T02:00:00Z', content },
  });
  /** Juspay's locker: per customer_id, the cards tokenised with consent; and the card_tokens a list handed out. */
  const locker = new Map<
    string,
    Array<{ reference: string; brand: string; last4: string; month: string; year: string; isin?: string | undefined }>
  >();
  const cardTokens = new Map<string, { customer: string; reference: string }>();
  /** Paytm's card-on-file tokens per custId (Fetch Saved Cards, Delete Card). */
  let paytmRefusesDeletes = false;
  const paytmVault = new Map<string, Array<{ savedCardId: string; scheme: string; last4: string; expiry: string; status: string }>>();

  const juspayOrderBody = (o: Order) => {
    const last = o.txns.at(-1);
    const i = last?.instrument;
    const type = i ? ({ CC: 'CARD', DC: 'CARD', NB: 'NB', UPI: 'UPI', PPI: 'WALLET' } as const)[i.mode] : undefined;
    // The order's status moves with each refund's settling, as a status call would show it.
    return {
      id: o.juspayId,
      order_id: o.orderId,
      merchant_id: keys.juspayMerchantId,
      status: o.status,
      amount: Number(o.amount),
      currency: 'INR',
      txn_id: last?.txnId,
      payment_method_type: type,
      payment_method: i?.mode === 'NB' ? `NB_${i.bank}` : i?.mode === 'UPI' ? 'UPI' : 'VISA',
      customer_id: o.customerId,
      // Juspay echoes the session's merchant fields (udf1…) in the order status.
      ...(typeof o.initiation?.udf1 === 'string' ? { udf1: o.initiation.udf1 } : {}),
      ...(i?.lockerCard
        ? {
            card: { card_issuer: i.bank ?? '', last_four_digits: i.save?.last4 ?? '1111', card_reference: i.lockerCard, using_token: true },
          }
        : {}),
      ...(i?.bin && !i.lockerCard
        ? {
            card: {
              card_isin: i.bin,
              card_issuer: i.bank ?? '',
              last_four_digits: i.save?.last4 ?? '1111',
              ...(i.save
                ? {
                    card_brand: i.save.brand,
                    expiry_month: i.save.month,
                    expiry_year: i.save.year,
                    saved_to_locker: true,
                    card_reference: o.savedReference,
                  }
                : {}),
            },
          }
        : {}),
      ...(i?.vpa ? { upi: { payer_vpa: i.vpa } } : {}),
      bank_error_message: o.status === 'AUTHORIZATION_FAILED' ? 'Insufficient funds' : '',
      refunded: o.refunds.some((r) => r.status === 'SUCCESS'),
      refunds: o.refunds.map((r) => ({ id: r.id, unique_request_id: r.requestId, amount: Number(r.amount), status: r.status })),
    };
  };

  /** A status call settles pending refunds: raised PENDING, the next status call shows them settled. */
  const settle = (o: Order) => {
    if (o.holdRefunds) return;
    for (const r of o.refunds) if (r.status === 'PENDING') r.status = o.failRefunds ? 'FAILURE' : 'SUCCESS';
  };

  const paytmSigned = async (body: Record<string, unknown>) => ({
    head: {
      responseTimestamp: String(Date.now()),
      version: 'v1',
      signature: await PaytmChecksum.generateSignature(JSON.stringify(body), keys.paytmKey),
    },
    body,
  });

  const paytmStatusBody = (o: Order) => {
    const t = o.txns.at(-1);
    const status = t?.status ?? 'PENDING';
    const code = status === 'TXN_SUCCESS' ? '01' : status === 'TXN_FAILURE' ? '227' : '402';
    const msg =
      status === 'TXN_SUCCESS'
        ? 'Txn Success'
        : status === 'TXN_FAILURE'
          ? 'Your payment has been declined by your bank.'
          : 'Looks like the payment is not complete.';
    return {
      resultInfo: { resultStatus: status, resultCode: code, resultMsg: msg },
      txnId: t?.txnId,
      bankTxnId: t ? `BANK${t.txnId}` : undefined,
      orderId: o.orderId,
      txnAmount: o.amount,
      txnType: 'SALE',
      gatewayName: 'HDFC',
      bankName: t?.instrument.bank ?? '',
      mid: keys.paytmMid,
      paymentMode: t?.instrument.mode,
      refundAmt: '0.00',
      txnDate: '2026-11-28 02:00:00.0',
      // paytm-pg-node-sdk's NativePaymentStatusResponseBody: the card comes back masked, its prefix in clear.
      ...(t?.instrument.bin
        ? { maskedCardNo: `${t.instrument.bin.slice(0, 6)}XXXXXX${t.instrument.save?.last4 ?? '1111'}`, cardIndexNo: 'ci_1' }
        : {}),
      ...(t?.instrument.vpa ? { vpa: t.instrument.vpa } : {}),
    };
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const raw = await read(req);
    const path = url.pathname;
    const jsonBody = () => {
      try {
        return JSON.parse(raw) as { head?: { signature?: string }; body?: Record<string, unknown> };
      } catch {
        return {};
      }
    };
    calls.push({ path, body: raw, headers: req.headers });

    // ---------- Paytm ----------
    if (path.startsWith('/theia/api/v1/initiateTransaction') || ['/v3/order/status', '/refund/apply', '/v2/refund/status'].includes(path)) {
      const { head, body } = jsonBody();
      if (!body || !head?.signature || !PaytmChecksum.verifySignature(JSON.stringify(body), keys.paytmKey, head.signature))
        return send(
          res,
          200,
          await paytmSigned({ resultInfo: { resultStatus: 'F', resultCode: '2005', resultMsg: 'Checksum provided is invalid' } }),
        );
      if (body.mid !== keys.paytmMid)
        return send(res, 200, await paytmSigned({ resultInfo: { resultStatus: 'F', resultCode: '501', resultMsg: 'System Error' } }));
      if (path.startsWith('/theia/api/v1/initiateTransaction')) {
        const orderId = String(body.orderId);
        const txnAmount = body.txnAmount as { value?: string; currency?: string } | undefined;
        if (url.searchParams.get('orderId') !== orderId || url.searchParams.get('mid') !== keys.paytmMid || txnAmount?.currency !== 'INR')
          return send(
            res,
            200,
            await paytmSigned({ resultInfo: { resultStatus: 'F', resultCode: '1001', resultMsg: 'Request parameters are not valid' } }),
          );
        if (!body.websiteName || body.requestType !== 'Payment' || !body.callbackUrl)
          return send(
            res,
            200,
            await paytmSigned({ resultInfo: { resultStatus: 'F', resultCode: '1001', resultMsg: 'Request parameters are not valid' } }),
          );
        orders.set(orderId, {
          orderId,
          amount: String(txnAmount.value),
          status: 'NEW',
          txns: [],
          refunds: [],
          juspayId: '',
          callbackUrl: String(body.callbackUrl),
          customerId: String((body.userInfo as { custId?: unknown } | undefined)?.custId ?? ''),
          initiation: body,
        });
        return send(
          res,
          200,
          await paytmSigned({
            resultInfo: { resultStatus: 'S', resultCode: '0000', resultMsg: 'Success' },
            txnToken: `tok${++seq}f0e1d2c3`,
            isPromoCodeValid: false,
            authenticated: false,
          }),
        );
      }
      const o = orders.get(String(body.orderId));
      if (path === '/v3/order/status') {
        if (!o)
          return send(
            res,
            200,
            await paytmSigned({ resultInfo: { resultStatus: 'TXN_FAILURE', resultCode: '334', resultMsg: 'Invalid Order Id.' } }),
          );
        return send(res, 200, await paytmSigned(paytmStatusBody(o)));
      }
      if (path === '/refund/apply') {
        const t = o?.txns.find((x) => x.status === 'TXN_SUCCESS');
        if (!o || !t || body.txnId !== t.txnId)
          return send(
            res,
            200,
            await paytmSigned({ resultInfo: { resultStatus: 'TXN_FAILURE', resultCode: '600', resultMsg: 'Invalid refund request.' } }),
          );
        const refId = String(body.refId);
        const refusal = async (code: string, msg: string) =>
          send(
            res,
            200,
            await paytmSigned({ resultInfo: { resultStatus: 'TXN_FAILURE', resultCode: code, resultMsg: msg }, orderId: o.orderId, refId }),
          );
        const earlier = o.refunds.find((r) => r.requestId === refId);
        if (earlier) {
          if (now() - earlier.raisedAt < 10 * 60_000) return refusal('617', 'Refund Already Raised');
          if (earlier.status === 'SUCCESS') return refusal('629', 'Refund is already Successful');
          if (earlier.status === 'PENDING')
            return refusal('626', 'Another Refund on same order is already in Progress, please retry after few minutes');
          return refusal('600', 'Invalid refund request.');
        }
        if (o.refunds.some((r) => r.status === 'PENDING'))
          return refusal('626', 'Another Refund on same order is already in Progress, please retry after few minutes');
        const refundAmount = Number(body.refundAmount);
        if (refundAmount < Number(o.amount) && refundAmount < 1) return refusal('635', 'Partial refund under Rs.1 is not allowed');
        const refunded = o.refunds.filter((r) => r.status !== 'FAILURE').reduce((sum, r) => sum + Number(r.amount), 0);
        if (!(refundAmount > 0) || refunded + refundAmount > Number(o.amount) + 1e-9) return refusal('600', 'Invalid refund request.');
        const r: Refund = {
          id: `${++seq}0000000099`,
          requestId: refId,
          amount: String(body.refundAmount),
          status: 'PENDING',
          raisedAt: now(),
        };
        o.refunds.push(r);
        if (loseNextRefundAnswer) {
          loseNextRefundAnswer = false;
          return send(res, 502, { error: 'bad gateway' });
        }
        return send(
          res,
          200,
          await paytmSigned({
            resultInfo: {
              resultStatus: 'PENDING',
              resultCode: '601',
              resultMsg: 'Refund request was raised for this transaction. But it is pending state',
            },
            orderId: o.orderId,
            refId,
            txnId: t.txnId,
            refundId: r.id,
            txnAmount: o.amount,
            refundAmount: r.amount,
          }),
        );
      }
      // /v2/refund/status
      const r = o?.refunds.find((x) => x.requestId === body.refId);
      if (!o || !r)
        return send(
          res,
          200,
          await paytmSigned({ resultInfo: { resultStatus: 'TXN_FAILURE', resultCode: '631', resultMsg: 'Record not found' } }),
        );
      settle(o);
      const status = r.status === 'SUCCESS' ? 'TXN_SUCCESS' : r.status === 'FAILURE' ? 'TXN_FAILURE' : 'PENDING';
      return send(
        res,
        200,
        await paytmSigned({
          resultInfo: {
            resultStatus: status,
            resultCode: status === 'TXN_SUCCESS' ? '10' : '601',
            resultMsg: status === 'TXN_SUCCESS' ? 'Refund Successfull' : 'Refund failed',
          },
          orderId: o.orderId,
          refId: r.requestId,
          refundId: r.id,
          refundAmount: r.amount,
        }),
      );
    }

    // Paytm's card-on-file APIs (Fetch Saved Cards, Delete Card): `head.tokenType` CHECKSUM, `head.token` the
    // checksum of the body; the saved cards of a mid and custId.
    if (path === '/savedcardservice/merchant/coft/cards' || path === '/savedcardservice/card/delete') {
      const { head, body } = jsonBody() as { head?: { tokenType?: string; token?: string }; body?: Record<string, unknown> };
      if (
        !body ||
        head?.tokenType !== 'CHECKSUM' ||
        !head.token ||
        !PaytmChecksum.verifySignature(JSON.stringify(body), keys.paytmKey, head.token)
      )
        return send(res, 200, {
          body: { resultInfo: { resultStatus: 'F', resultCode: '2005', resultMsg: 'Checksum provided is invalid' } },
        });
      if (body.mid !== keys.paytmMid || typeof body.custId !== 'string')
        return send(res, 200, {
          body: { resultInfo: { resultStatus: 'F', resultCode: '1001', resultMsg: 'Request parameters are not valid' } },
        });
      const cards = paytmVault.get(body.custId) ?? [];
      if (path === '/savedcardservice/card/delete') {
        if (url.searchParams.get('mid') !== keys.paytmMid || url.searchParams.get('custId') !== body.custId || body.isParRequest !== false)
          return send(res, 200, { body: { resultCode: '1001', resultStatus: 'F', resultMsg: 'Request parameters are not valid' } });
        if (paytmRefusesDeletes)
          return send(res, 200, { body: { resultCode: '9999', resultStatus: 'F', resultMsg: 'Something went wrong' } });
        const card = cards.find((c) => c.savedCardId === body.cardId);
        if (!card) return send(res, 200, { body: { resultCode: '4004', resultStatus: 'F', resultMsg: 'Card not found' } });
        paytmVault.set(
          body.custId,
          cards.filter((c) => c !== card),
        );
        return send(res, 200, { body: { resultCode: '00', resultStatus: 'S', resultMsg: 'Success' } });
      }
      return send(res, 200, {
        body: {
          resultInfo: { resultStatus: 'S', resultCode: '00', resultMsg: 'Success' },
          cards: cards.map((c) => ({
            savedCardId: c.savedCardId,
            cardType: 'CC',
            cardScheme: c.scheme,
            expiryDate: c.expiry,
            cardSuffix: c.last4,
            issuingBankName: 'HDFC Bank',
            displayName: 'HDFC Bank Credit Card',
            isEligibleForCoft: 'true',
            isCardCoft: 'true',
            tokenStatus: c.status,
          })),
        },
      });
    }

    // ---------- Juspay ----------
    if (path === '/card/delete' || /^\/customers\/[^/]+\/cards$/.test(path)) {
      const auth = `Basic ${Buffer.from(`${keys.juspayApiKey}:`).toString('base64')}`;
      if (req.headers.authorization !== auth || req.headers['x-merchantid'] !== keys.juspayMerchantId)
        return send(res, 401, { status: 'error', error_code: 'access_denied', error_message: 'Unauthorized' });
      if (path === '/card/delete') {
        // A card_token is good for the call after the list that gave it.
        const token = new URLSearchParams(raw).get('card_token') ?? '';
        const held = cardTokens.get(token);
        const cards = held ? (locker.get(held.customer) ?? []) : [];
        const card = cards.find((c) => c.reference === held?.reference);
        if (!held || !card)
          return send(res, 400, { status: 'error', error_code: 'invalid.card_token', error_message: 'Invalid card token' });
        cardTokens.delete(token);
        locker.set(
          held.customer,
          cards.filter((c) => c !== card),
        );
        return send(res, 200, { card_token: token, card_reference: card.reference, deleted: true });
      }
      const customer = decodeURIComponent(path.split('/')[2] as string);
      const cards = (locker.get(customer) ?? []).map((c) => {
        const token = `tkn_${(++seq).toString(16)}`;
        cardTokens.set(token, { customer, reference: c.reference });
        return {
          card_token: token,
          card_reference: c.reference,
          card_number: `XXXX-XXXX-XXXX-${c.last4}`,
          ...(c.isin ? { card_isin: c.isin } : {}),
          card_brand: c.brand,
          card_exp_month: c.month,
          card_exp_year: c.year,
          expired: false,
        };
      });
      return send(res, 200, { customer_id: customer, merchantId: keys.juspayMerchantId, cards });
    }
    if (path === '/session' || path.startsWith('/orders/')) {
      const auth = `Basic ${Buffer.from(`${keys.juspayApiKey}:`).toString('base64')}`;
      if (req.headers.authorization !== auth || req.headers['x-merchantid'] !== keys.juspayMerchantId)
        return send(res, 401, { status: 'error', error_code: 'access_denied', error_message: 'Unauthorized' });
      if (path === '/session') {
        const body = JSON.parse(raw) as { order_id: string; amount: string; return_url: string; currency?: string; customer_id?: string };
        const o: Order = {
          initiation: body,
          customerId: body.customer_id,
          orderId: body.order_id,
          amount: body.amount,
          status: 'NEW',
          txns: [],
          refunds: [],
          juspayId: `ordeh_${(++seq).toString(16).padStart(12, '0')}`,
          returnUrl: body.return_url,
        };
        orders.set(o.orderId, o);
        return send(res, 200, {
          status: 'NEW',
          id: o.juspayId,
          order_id: o.orderId,
          payment_links: { web: `https://api.juspay.in/payment-page/order/${o.juspayId}` },
        });
      }
      const m = /^\/orders\/([^/]+)(\/refunds)?$/.exec(path);
      const o = m ? orders.get(decodeURIComponent(m[1] as string)) : undefined;
      if (!o) return send(res, 404, { status: 'NOT_FOUND', error_code: 'not_found', error_message: 'Order not found' });
      if (!m?.[2]) {
        settle(o);
        return send(res, 200, juspayOrderBody(o));
      }
      const form = new URLSearchParams(raw);
      const requestId = form.get('unique_request_id') ?? '';
      const amount = form.get('amount') ?? '';
      if (!/^[A-Za-z0-9]{1,20}$/.test(requestId))
        return send(res, 400, {
          status: 'Bad Request',
          error_code: 'invalid_request',
          error_message: 'unique_request_id must be alphanumeric and under 21 characters',
        });
      if (!(Number(amount) >= 1))
        return send(res, 400, { status: 'Bad Request', error_code: 'invalid.amount', error_message: 'Refund amount must be at least 1' });
      if (o.status !== 'CHARGED')
        return send(res, 400, { status: 'Bad Request', error_code: 'invalid.order.status', error_message: 'Order is not charged' });
      if (o.refunds.some((r) => r.requestId === requestId))
        return send(res, 400, {
          status: 'Bad Request',
          error_code: juspayDuplicateCode,
          error_message: 'Request with the same unique_request_id is already processed',
        });
      const refunded = o.refunds.filter((r) => r.status !== 'FAILURE').reduce((sum, r) => sum + Number(r.amount), 0);
      if (refunded + Number(amount) > Number(o.amount) + 1e-9)
        return send(res, 400, {
          status: 'Bad Request',
          error_code: 'invalid.amount',
          error_message: 'Refund amount exceeds the order amount',
        });
      o.refunds.push({ id: `rfnd_${++seq}`, requestId, amount, status: 'PENDING', raisedAt: now() });
      if (loseNextRefundAnswer) {
        loseNextRefundAnswer = false;
        return send(res, 502, { error: 'bad gateway' });
      }
      return send(res, 200, juspayOrderBody(o));
    }
    send(res, 404, { error: 'no such endpoint' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const need = (orderId: string) => {
    const o = orders.get(orderId);
    if (!o) throw new Error(`the fake gateway has no order ${orderId}`);
    return o;
  };

  return {
    url,
    calls,
    orders,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    /** Moves the fake's clock on (Paytm's 10 minutes of 617). */
    advance(ms: number) {
      clockOffset += ms;
    },
    /** The next refund request is raised at the gateway and its answer lost (HTTP 502). */
    loseNextRefundAnswer() {
      loseNextRefundAnswer = true;
    },
    /** Refunds of the order stay pending (on) or settle on the next status call (off). */
    holdRefunds(orderId: string, on: boolean) {
      need(orderId).holdRefunds = on;
    },
    /** Every refund the fake has raised, with its order (the money the gateway paid or is paying). */
    refunds: () => [...orders.values()].flatMap((o) => o.refunds.map((r) => ({ orderId: o.orderId, ...r }))),
    paytm: {
      /** Paytm's card-on-file tokens of a custId, as Fetch Saved Cards lists them. */
      vault: (custId: string) => paytmVault.get(custId) ?? [],
      /** Delete Card answers a failure (Paytm down for card-on-file calls) until set back. */
      refuseDeletes(on: boolean) {
        paytmRefusesDeletes = on;
      },
      /**
       * The shopper pays on Paytm's page: a transaction is recorded and the callback form Paytm would post is
       * returned (CHECKSUMHASH made by paytmchecksum). `amount` overrides what Paytm reports.
       */
      async pay(
        orderId: string,
        status: 'TXN_SUCCESS' | 'TXN_FAILURE' | 'PENDING',
        instrument: FakeInstrument = { mode: 'UPI', vpa: 'shopper@upi' },
        over: Record<string, string> = {},
      ) {
        const o = need(orderId);
        const txnId = `2026112811121280000${++seq}`;
        o.txns.push({ txnId, status, instrument });
        o.status = status;
        if (status === 'TXN_SUCCESS' && instrument.save && (instrument.mode === 'CC' || instrument.mode === 'DC') && o.customerId) {
          // Tokenised with the shopper's consent on Paytm's page: a card-on-file token under the custId.
          const { brand, last4, month, year } = instrument.save;
          const cards = paytmVault.get(o.customerId) ?? [];
          if (!cards.some((c) => c.last4 === last4 && c.scheme === brand))
            paytmVault.set(o.customerId, [
              ...cards,
              {
                savedCardId: `${(++seq).toString().padStart(6, '0')}ptm`,
                scheme: brand,
                last4,
                expiry: `${month}${year}`,
                status: 'ACTIVE',
              },
            ]);
        }
        const fields: Record<string, string> = {
          CURRENCY: 'INR',
          GATEWAYNAME: 'HDFC',
          RESPMSG: status === 'TXN_SUCCESS' ? 'Txn Success' : 'Your payment has been declined by your bank.',
          BANKNAME: instrument.bank ?? '',
          PAYMENTMODE: instrument.mode,
          MID: keys.paytmMid,
          RESPCODE: status === 'TXN_SUCCESS' ? '01' : '227',
          TXNID: txnId,
          TXNAMOUNT: o.amount,
          ORDERID: orderId,
          STATUS: status,
          BANKTXNID: `BANK${txnId}`,
          TXNDATE: '2026-11-28 02:00:00.0',
          ...(instrument.bin ? { BIN_NUMBER: instrument.bin } : {}),
          ...over,
        };
        fields.CHECKSUMHASH = await PaytmChecksum.generateSignature(fields, keys.paytmKey);
        return fields;
      },
      /** Refunds of the order settle as failed (Paytm refused to pay them). */
      failRefunds(orderId: string) {
        need(orderId).failRefunds = true;
      },
      /**
       * Paytm's webhook as JSON (`{ head: { signature }, body }`, the signature over the body as its JSON APIs sign
       * it); `over` changes body fields after signing (a forgery).
       */
      async jsonWebhook(orderId: string, over: Record<string, unknown> = {}) {
        const o = need(orderId);
        const t = o.txns.at(-1);
        if (!t) throw new Error('no transaction');
        const body: Record<string, unknown> = {
          mid: keys.paytmMid,
          orderId,
          txnId: t.txnId,
          txnAmount: o.amount,
          currency: 'INR',
          status: t.status,
          paymentMode: t.instrument.mode,
          resultInfo: { resultStatus: t.status, resultCode: t.status === 'TXN_SUCCESS' ? '01' : '227', resultMsg: 'Txn Success' },
        };
        const signature = await PaytmChecksum.generateSignature(JSON.stringify(body), keys.paytmKey);
        return { head: { signature, version: 'v1' }, body: { ...body, ...over } };
      },
      /** Paytm's Payment Status webhook carries the callback's fields, signed the same way. */
      async webhook(orderId: string) {
        const o = need(orderId);
        const t = o.txns.at(-1);
        if (!t) throw new Error('no transaction');
        const fields: Record<string, string> = {
          CURRENCY: 'INR',
          MID: keys.paytmMid,
          ORDERID: orderId,
          STATUS: t.status,
          TXNAMOUNT: o.amount,
          TXNID: t.txnId,
          PAYMENTMODE: t.instrument.mode,
          RESPCODE: t.status === 'TXN_SUCCESS' ? '01' : '227',
          RESPMSG: t.status === 'TXN_SUCCESS' ? 'Txn Success' : 'Declined',
        };
        fields.CHECKSUMHASH = await PaytmChecksum.generateSignature(fields, keys.paytmKey);
        return fields;
      },
    },
    juspay: {
      /**
       * One transaction on Juspay's payment page for the order; the order takes its status (Juspay allows several
       * transactions per order). Returns the return-URL query Juspay would send the shopper back with.
       */
      transact(
        orderId: string,
        status: 'CHARGED' | 'AUTHORIZATION_FAILED' | 'PENDING_VBV' | string,
        instrument: FakeInstrument = { mode: 'UPI', vpa: 'shopper@upi' },
      ) {
        const o = need(orderId);
        const txnId = `${keys.juspayMerchantId}-${orderId}-${o.txns.length + 1}`;
        o.txns.push({ txnId, status, instrument });
        o.status = status;
        if (status === 'CHARGED' && instrument.save && o.customerId) {
          // Tokenised into the customer's locker with the shopper's consent (Juspay's card_reference persists).
          o.savedReference = `cref_${(++seq).toString(16).padStart(8, '0')}`;
          locker.set(o.customerId, [
            ...(locker.get(o.customerId) ?? []),
            { reference: o.savedReference, ...instrument.save, isin: instrument.bin },
          ]);
        }
        return this.returnQuery(orderId);
      },
      returnQuery(orderId: string, responseKey = keys.juspayResponseKey) {
        const o = need(orderId);
        const params: Record<string, string> = { order_id: orderId, status: o.status, status_id: o.status === 'CHARGED' ? '21' : '27' };
        params.signature = juspayDocumentedSignature(params, responseKey);
        params.signature_algorithm = 'HMAC-SHA256';
        return params;
      },
      /** Juspay's webhook: the event around the order status body, with the dashboard's Basic credentials. */
      webhook(orderId: string, eventName = 'ORDER_SUCCEEDED') {
        return juspayEvent(eventName, { order: juspayOrderBody(need(orderId)) });
      },
      failRefunds(orderId: string) {
        need(orderId).failRefunds = true;
      },
      /** Juspay's duplicate-request code as a test spells it (default REFUND_DUPLICATE_REQUEST). */
      duplicateCode(code: string) {
        juspayDuplicateCode = code;
      },
      /** An event about no order (Juspay's TXN_* and refund events), with the dashboard's Basic credentials. */
      orderlessWebhook(eventName = 'TXN_CREATED') {
        return juspayEvent(eventName, { txn: { txn_id: 'kasratfake-x-1' } });
      },
    },
    /** The environment a store needs to talk to these fakes. */
    env(gateway: 'paytm' | 'juspay'): Record<string, string> {
      return {
        PAYMENT_GATEWAY: gateway,
        PAYTM_MID: keys.paytmMid,
        PAYTM_MERCHANT_KEY: keys.paytmKey,
        PAYTM_HOST: url,
        PAYTM_WEBSITE: 'WEBSTAGING',
        JUSPAY_MERCHANT_ID: keys.juspayMerchantId,
        JUSPAY_API_KEY: keys.juspayApiKey,
        JUSPAY_RESPONSE_KEY: keys.juspayResponseKey,
        JUSPAY_BASE_URL: url,
        JUSPAY_WEBHOOK_USERNAME: keys.juspayWebhookUser,
        JUSPAY_WEBHOOK_PASSWORD: keys.juspayWebhookPassword,
      };
    },
  };
}

export type FakeGateways = Awaited<ReturnType<typeof startFakeGateways>>;
export { rupees as fakeRupees };
