import { PAY_ON_DELIVERY } from '../../../schemas/payment-rules.ts';
import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { OrderIdQuery, OrderSuccessResponse } from '../../../schemas/order.ts';
import {
  ActivePaymentQuery,
  InitiateTransactionRequest,
  JuspayReturnRequest,
  OfferListQuery,
  OrderRefRequest,
  PaymentPlaceOrderRequest,
  PaymentFailedQuery,
  PaytmCallbackRequest,
  RetryPaymentRequest,
  PaymentResultResponse,
  WebhookResponse,
  OfferListResponse,
  PaymentFailedResponse,
  PaymentStateQuery,
  PaymentStateResponse,
  ActivePaymentResponse,
  DeleteSavedCardRequest,
  SavedCardsResponse,
  PaymentPlaceOrderResponse,
  TransactionResponse,
} from '../../../schemas/payment.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { BadRequest, NotFound } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';
import {
  JUSPAY_RETURN_PATH,
  JUSPAY_WEBHOOK_PATH,
  PAYTM_CALLBACK_PATH,
  PAYTM_WEBHOOK_PATH,
  SANDBOX_CALLBACK_PATH,
  SANDBOX_BANKS,
  SANDBOX_CHECKOUT_PATH,
  SANDBOX_PAY_PATH,
  SANDBOX_TEST_CARDS,
  safeEqual,
  sandboxInstrumentText,
  sandboxSavedCard,
  sandboxPageSignature,
  signSandboxCallback,
} from '../../payments/index.ts';
import { requireCustomer } from '../../modules/session/index.ts';
import { readCartCookie } from '../../modules/cart/index.ts';
import { placeOrder } from '../../flows/place-order.ts';
import { type CheckoutDeps, placeOrderKey } from '../../modules/checkout/index.ts';
import { idempotencyOf } from '../../http/idempotency.ts';
import { orderSuccessData } from '../../modules/payment/order-success.ts';
import { paymentByRef } from '../../modules/payment/queries.ts';
import { sandboxPage } from '../../modules/payment/sandbox-page.ts';
import { answerWebhook, returnPage } from '../../modules/payment/webhooks.ts';
import { payOnDelivery } from '../../flows/finalize-payment.ts';
import { handleCallback, verifyTransaction } from '../../modules/payment/callbacks.ts';
import { activePayment, handOff, initiateTransaction, offerList, type PaymentDeps, paymentFailed, writeAttempt } from '../../modules/payment/service.ts';
import { findCustomerOrder, type OrderRow } from '../../modules/payment/queries.ts';
import { cardForPayment, deleteSavedCard, listSavedCards } from '../../modules/payment/saved-cards.ts';
import { paymentState } from '../../modules/payment/payment-state.ts';

// /api/payment and /api/order-success (SPEC §7), and the sandbox gateway's hosted page. HTTP only.

const originOf = (req: FastifyRequest, configured: string) => configured || `${req.protocol}://${req.host}`;

/** The sandbox page's pay form: the page's own signature and what the shopper entered. */
const SandboxPayRequest = z.object({
  ref: z.string().min(1).max(100),
  sig: z.string().max(200),
  card_number: z.string().max(40).optional(),
  bank: z.string().max(60).optional(),
  vpa: z.string().max(80).optional(),
  /** The card form: expiry (MM/YY) and the consent box to save the card as a token (RBI card-on-file rules). */
  expiry: z.string().max(10).optional(),
  save_card: z.literal('yes').optional(),
  /** A saved card's form asks only for the CVV. */
  cvv: z.string().max(10).optional(),
});

/** Form posts from gateways (Paytm, the sandbox page) and JSON from the app both reach the callbacks. */
function formFields(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BadRequest('Invalid callback body');
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) if (typeof v === 'string') out[k] = v;
  // The fields are logged as jsonb (payment_callbacks), which cannot hold NUL: refused like every other input.
  return parse(z.record(z.string(), z.string()), out);
}

export async function paymentRoutes(root: FastifyInstance, deps: PaymentDeps & CheckoutDeps) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  const db: Db = deps.db;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 65_536 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // "Place order" from the payment page; with a method it also starts the first payment attempt in the same
  // transaction (one order, one attempt, whatever the number of clicks).
  app.post(
    '/api/payment/place-order',
    {
      config: { access: 'customer', idempotency: placeOrderKey('body') },
      schema: {
        response: { 200: PaymentPlaceOrderResponse },
        summary: 'Place the order and start its payment',
        operationId: 'placeOrder',
        body: PaymentPlaceOrderRequest,
      },
    },
    async (req) => {
      const body = req.body;
      const idempotency = idempotencyOf(req);
      const customer = await requireCustomer(db, req);
      // Someone else's (or an expired) saved card is not found, before any order is made.
      if (body.saved_card_id !== undefined) await cardForPayment(db, deps, customer.id, body.saved_card_id, new Date());
      let attemptRef: string | null = null;
      const online = body.payment_method !== undefined && body.payment_method !== PAY_ON_DELIVERY ? body.payment_method : null;
      const placed = await placeOrder(deps, {
        customerId: customer.id,
        cookieCartId: readCartCookie(req),
        quote: body.quote,
        idempotency,
        afterOrder: online
          ? async (trx, order) => {
              const row = (await trx.selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow()) as OrderRow;
              attemptRef = (
                await writeAttempt(
                  trx,
                  deps,
                  row,
                  { payment_method: online, instrument: body.instrument, amount: body.amount, saved_card_id: body.saved_card_id },
                  new Date(),
                )
              ).gateway_order_ref;
            }
          : undefined,
      });
      const order = (await findCustomerOrder(db, customer.id, placed.order_id)) as OrderRow;
      if (body.payment_method === PAY_ON_DELIVERY) {
        const payment = await payOnDelivery(deps, customer.id, placed.order_id);
        return ok({ ...placed, status: payment.order_status, next: payment.next, transaction: null, payment }, 'Order placed');
      }
      // A replayed request finds the attempt it created the first time.
      const ref =
        attemptRef ??
        (online
          ? (
              await db
                .selectFrom('payments')
                .select('gateway_order_ref')
                .where('order_id', '=', order.id)
                .orderBy('attempt')
                .limit(1)
                .executeTakeFirst()
            )?.gateway_order_ref
          : null);
      const payment = ref ? await paymentByRef(db, ref) : undefined;
      const transaction = payment ? await handOff(deps, order, payment, originOf(req, deps.config.PUBLIC_ORIGIN), body.instrument) : null;
      return ok({ ...placed, transaction, payment: null }, 'Order placed. Please complete the payment.');
    },
  );

  app.get(
    '/api/payment/active-payment',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'The payment an order is waiting for',
        operationId: 'getActivePayment',
        response: { 200: ActivePaymentResponse },
        querystring: ActivePaymentQuery,
      },
    },
    async (req) => {
      const q = req.query;
      const customer = await requireCustomer(db, req);
      return ok(await activePayment(deps, customer.id, q.orderId));
    },
  );

  // SPEC §4.7: the order a shopper is paying for, from the server (never from one tab's memory).
  app.get(
    '/api/payment/payment-state',
    {
      config: { access: 'customer' },
      schema: {
        summary: "An order's payment state, or the customer's order waiting for payment",
        operationId: 'getPaymentState',
        response: { 200: PaymentStateResponse },
        querystring: PaymentStateQuery,
      },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      return ok(await paymentState(db, customer.id, req.query.orderId));
    },
  );

  app.get(
    '/api/payment/offer-list',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Payment offers for an order',
        operationId: 'listPaymentOffers',
        response: { 200: OfferListResponse },
        querystring: OfferListQuery,
      },
    },
    async (req) => {
      const q = req.query;
      const customer = await requireCustomer(db, req);
      return ok(await offerList(deps, customer.id, q));
    },
  );

  app.post(
    '/api/payment/initate-transaction',
    {
      config: { access: 'customer', idempotency: { scope: 'initiate-transaction' } },
      schema: {
        response: { 200: TransactionResponse },
        summary: 'Start a gateway transaction for an order',
        operationId: 'initiateTransaction',
        body: InitiateTransactionRequest,
      },
    },
    async (req) => {
      const body = req.body;
      const idempotency = idempotencyOf(req);
      const customer = await requireCustomer(db, req);
      return ok(
        await initiateTransaction(deps, customer.id, body, {
          retry: false,
          idempotency,
          origin: originOf(req, deps.config.PUBLIC_ORIGIN),
        }),
        'Redirecting to payment',
      );
    },
  );

  app.post(
    '/api/payment/retry-payment',
    {
      config: { access: 'customer', idempotency: { scope: 'retry-payment' } },
      schema: {
        response: { 200: TransactionResponse },
        summary: 'Start a new payment for an unpaid order',
        operationId: 'retryPayment',
        body: RetryPaymentRequest,
      },
    },
    async (req) => {
      const body = req.body;
      const idempotency = idempotencyOf(req);
      const customer = await requireCustomer(db, req);
      return ok(
        await initiateTransaction(deps, customer.id, body, {
          retry: true,
          idempotency,
          origin: originOf(req, deps.config.PUBLIC_ORIGIN),
        }),
        'Redirecting to payment',
      );
    },
  );

  app.post(
    '/api/payment/verify-transaction',
    {
      config: { access: 'customer' },
      schema: {
        summary: "Check a transaction's result with the gateway",
        operationId: 'verifyTransaction',
        response: { 200: PaymentResultResponse },
        body: OrderRefRequest,
      },
    },
    async (req) => {
      const body = req.body;
      const customer = await requireCustomer(db, req);
      return ok(await verifyTransaction(deps, customer.id, body.order_id));
    },
  );

  app.get(
    '/api/payment/payment-failed',
    {
      config: { access: 'customer' },
      schema: {
        summary: "Why an order's payment failed, and what to do next",
        operationId: 'getPaymentFailed',
        response: { 200: PaymentFailedResponse },
        querystring: PaymentFailedQuery,
      },
    },
    async (req) => {
      const q = req.query;
      const customer = await requireCustomer(db, req);
      return ok(await paymentFailed(deps, customer.id, q.orderId));
    },
  );

  app.post(
    '/api/payment/pay-on-delivery',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Switch an order to pay on delivery',
        operationId: 'payOnDelivery',
        response: { 200: PaymentResultResponse },
        body: OrderRefRequest,
      },
    },
    async (req) => {
      const body = req.body;
      const customer = await requireCustomer(db, req);
      return ok(await payOnDelivery(deps, customer.id, body.order_id), 'Order placed');
    },
  );

  // Saved cards (docs/decisions/024-saved-cards.md): the signed-in customer's own, with the configured gateway.
  app.get(
    '/api/payment/saved-cards',
    {
      config: { access: 'customer' },
      schema: {
        summary: "The customer's saved cards that have not expired",
        operationId: 'listSavedCards',
        response: { 200: SavedCardsResponse },
      },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      return ok(await listSavedCards(deps, customer.id));
    },
  );

  app.post(
    '/api/payment/delete-saved-card',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Remove a saved card at the gateway, then here',
        operationId: 'deleteSavedCard',
        body: DeleteSavedCardRequest,
        response: { 200: SavedCardsResponse },
      },
    },
    async (req) => {
      // Sign-in first, so a signed-out call is a 401 whatever its body (docs/architecture.md "API conventions").
      const customer = await requireCustomer(db, req);
      const body = req.body;
      await deleteSavedCard(deps, customer.id, body.id);
      return ok(await listSavedCards(deps, customer.id), 'Card removed');
    },
  );

  app.get(
    '/api/order-success/order-success-data',
    {
      config: { access: 'customer' },
      schema: {
        summary: "The order-success page's data",
        operationId: 'getOrderSuccess',
        response: { 200: OrderSuccessResponse },
        querystring: OrderIdQuery,
      },
    },
    async (req) => {
      const q = req.query;
      const customer = await requireCustomer(db, req);
      return ok(await orderSuccessData(db, customer.id, q.orderId));
    },
  );

  // Gateway callbacks: a browser (a form post, or a GET from the gateway's redirect) gets a 303 to the outcome
  // page, or to the failed-payment page when the return does not check out; an API client gets JSON.
  const answerCallback = async (req: FastifyRequest, reply: FastifyReply, fields: Record<string, string>, refField: string) => {
    const fromBrowser = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') || req.method === 'GET';
    if (fromBrowser) return reply.redirect(await returnPage(deps, fields, fields[refField] ?? null, req.ip), 303);
    const { result } = await handleCallback(deps, fields, new Date(), req.ip);
    return ok(result);
  };
  /** A return whose fields do not even parse still takes the shopper to a page, not to an error document. */
  const browserFields = <T extends Record<string, string>>(req: FastifyRequest, schema: z.ZodType<T>, source: unknown) => {
    const fields = formFields(source);
    const parsed = schema.safeParse(fields);
    if (parsed.success) return parsed.data;
    const fromBrowser = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') || req.method === 'GET';
    if (!fromBrowser) return parse(schema, fields);
    return fields;
  };

  // Gateway returns arrive from the gateway's site on purpose; the signature, not the Origin, proves them.
  const fromGateway = { config: { crossSite: true } };
  app.post(
    SANDBOX_CALLBACK_PATH,
    { ...fromGateway, schema: { summary: "The sandbox gateway's callback after payment", operationId: 'sandboxCallback' } },
    async (req, reply) => {
      if (deps.gateway.name !== 'sandbox') throw new NotFound();
      return answerCallback(req, reply, formFields(req.body), 'ref');
    },
  );

  app.post(
    PAYTM_CALLBACK_PATH,
    { ...fromGateway, schema: { summary: "Paytm's callback after payment", operationId: 'paytmCallback' } },
    async (req, reply) => {
      if (deps.gateway.name !== 'paytm') throw new NotFound();
      return answerCallback(req, reply, browserFields(req, PaytmCallbackRequest, req.body), 'ORDERID');
    },
  );
  // Some Paytm flows (UPI intent, the app switch) bring the shopper back with a GET carrying the same fields.
  app.get(
    PAYTM_CALLBACK_PATH,
    { ...fromGateway, schema: { summary: "Paytm's callback by link", operationId: 'paytmCallbackGet' } },
    async (req, reply) => {
      if (deps.gateway.name !== 'paytm') throw new NotFound();
      return answerCallback(req, reply, browserFields(req, PaytmCallbackRequest, req.query), 'ORDERID');
    },
  );

  app.post(
    JUSPAY_RETURN_PATH,
    { ...fromGateway, schema: { summary: "Juspay's callback after payment", operationId: 'juspayCallback' } },
    async (req, reply) => {
      if (deps.gateway.name !== 'juspay') throw new NotFound();
      return answerCallback(req, reply, browserFields(req, JuspayReturnRequest, req.body), 'order_id');
    },
  );
  // Juspay sends the shopper back with a GET on the return URL; the same check, then the outcome page.
  app.get(
    JUSPAY_RETURN_PATH,
    { ...fromGateway, schema: { summary: "Juspay's callback by link", operationId: 'juspayCallbackGet' } },
    async (req, reply) => {
      if (deps.gateway.name !== 'juspay') throw new NotFound();
      return answerCallback(req, reply, browserFields(req, JuspayReturnRequest, req.query), 'order_id');
    },
  );

  // Webhooks: server to server, authenticated by the adapter, confirmed by a status call, applied once.
  app.post(
    PAYTM_WEBHOOK_PATH,
    {
      ...fromGateway,
      schema: { summary: "Paytm's signed payment notification", operationId: 'paytmWebhook', response: { 200: WebhookResponse } },
    },
    async (req) => {
      if (deps.gateway.name !== 'paytm') throw new NotFound();
      // Form fields or Paytm's JSON `{ head, body }`: the adapter checks either's signature.
      const body = req.body && typeof req.body === 'object' && 'head' in req.body ? req.body : formFields(req.body);
      return ok(await answerWebhook(deps, { headers: req.headers, body }, new Date(), req.ip));
    },
  );
  app.post(
    JUSPAY_WEBHOOK_PATH,
    {
      ...fromGateway,
      schema: { summary: "Juspay's signed payment notification", operationId: 'juspayWebhook', response: { 200: WebhookResponse } },
    },
    async (req) => {
      if (deps.gateway.name !== 'juspay') throw new NotFound();
      if (!req.body || typeof req.body !== 'object') throw new BadRequest('Invalid webhook body');
      return ok(await answerWebhook(deps, { headers: req.headers, body: req.body }, new Date(), req.ip));
    },
  );

  // The sandbox gateway's hosted page: plain HTML, no scripts; each button posts a signed form back.
  app.get(
    SANDBOX_CHECKOUT_PATH,
    { schema: { summary: "The sandbox gateway's payment page", operationId: 'getSandboxCheckout' } },
    async (req, reply) => {
      if (deps.gateway.name !== 'sandbox') throw new NotFound();
      const q = req.query as { ref?: unknown; sig?: unknown; bin?: unknown };
      const ref = typeof q.ref === 'string' ? q.ref.slice(0, 100) : '';
      const secret = deps.config.SANDBOX_GATEWAY_SECRET;
      const payment =
        ref && typeof q.sig === 'string' && safeEqual(q.sig, sandboxPageSignature(secret, ref)) ? await paymentByRef(db, ref) : undefined;
      if (!payment) throw new NotFound('Payment not found');
      const order = await db.selectFrom('orders').select(['order_number']).where('id', '=', payment.order_id).executeTakeFirstOrThrow();
      const savedCard = payment.saved_card_id
        ? await db.selectFrom('saved_cards').select(['network', 'last4']).where('id', '=', payment.saved_card_id).executeTakeFirst()
        : undefined;
      const outcomes = (['success', 'failed', 'pending'] as const).map((status) => ({
        status,
        fields: signSandboxCallback(secret, { ref, amount: payment.amount, instrument: payment.instrument }, status),
      }));
      reply.header('content-type', 'text/html; charset=utf-8');
      reply.header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      );
      reply.header('cache-control', 'no-store');
      return sandboxPage({
        orderId: order.order_number,
        amount: payment.amount,
        instrument: payment.instrument ?? 'upi',
        status: payment.status,
        action: SANDBOX_CALLBACK_PATH,
        outcomes,
        pay: {
          action: SANDBOX_PAY_PATH,
          fields: { ref, sig: sandboxPageSignature(secret, ref) },
          cards: SANDBOX_TEST_CARDS,
          banks: SANDBOX_BANKS,
          savedCard: savedCard ?? null,
          cardBin: typeof q.bin === 'string' && /^\d{6,8}$/.test(q.bin) ? q.bin : null,
        },
      });
    },
  );

  // The hosted page's pay form: the sandbox, playing the gateway, records the instrument entered, signs it into
  // the callback and hands that to the same callback handling as a gateway's post (then the outcome page).
  app.post(
    SANDBOX_PAY_PATH,
    { ...fromGateway, schema: { summary: "Pay or fail on the sandbox gateway's page", operationId: 'sandboxPay' } },
    async (req, reply) => {
      if (deps.gateway.name !== 'sandbox') throw new NotFound();
      const f = parse(SandboxPayRequest, formFields(req.body));
      const secret = deps.config.SANDBOX_GATEWAY_SECRET;
      const payment = safeEqual(f.sig, sandboxPageSignature(secret, f.ref)) ? await paymentByRef(db, f.ref) : undefined;
      if (!payment) throw new NotFound('Payment not found');
      if (payment.saved_card_id) {
        // A saved card: the vault has the card, the shopper gives only its CVV (3 digits, 4 for Amex).
        if (!/^\d{3,4}$/.test(f.cvv ?? '')) throw new BadRequest('Enter the CVV of your card.');
        const fields = signSandboxCallback(secret, { ref: f.ref, amount: payment.amount, instrument: 'card' }, 'success');
        return reply.redirect(await returnPage(deps, fields, f.ref, req.ip), 303);
      }
      const instrument = sandboxInstrumentText(payment.instrument ?? 'upi', f);
      if (!instrument) throw new BadRequest('Enter one of the test cards, a listed bank or a UPI ID such as name@okaxis.');
      let saved = null;
      if (payment.instrument === 'card' && f.save_card === 'yes') {
        const order = await db.selectFrom('orders').select('customer_id').where('id', '=', payment.order_id).executeTakeFirstOrThrow();
        saved = sandboxSavedCard(secret, order.customer_id, f.card_number ?? '', f.expiry);
        if (!saved) throw new BadRequest('Enter the card’s expiry as MM/YY to save it.');
      }
      const fields = signSandboxCallback(secret, { ref: f.ref, amount: payment.amount, instrument }, 'success', saved);
      return reply.redirect(await returnPage(deps, fields, f.ref, req.ip), 303);
    },
  );
}
