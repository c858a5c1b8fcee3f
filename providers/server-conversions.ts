// Server-side conversion feed (SPEC §7): InitiateCheckout and AddPaymentInfo with event_time in seconds,
// action_source website, user_data (hashed by our server) and custom_data; the other funnel steps and
// Purchase too, so the funnel can be counted from stored events. Posted through the zero-loss queue.
import { sha256 } from 'js-sha256';
import type { ConversionEvent } from '../schemas/events.ts';
import { type ConversionEventName, FUNNEL_STEPS, normalizeEmail, normalizePhone } from '../schemas/event-rules.ts';
import type { CatalogueEvent } from '../events/index.ts';
import type { Delivery } from './delivery.ts';
import {
  CURRENCY,
  FUNNEL_STEP,
  itemsCount,
  itemsOf,
  paymentFlow,
  paymentMethodName,
  paymentMode,
  quantityOf,
  rupees,
  eventValue,
} from './rules.ts';
import type { Provider, ProviderContext } from './types.ts';

const NAMES: Partial<Record<CatalogueEvent['name'], ConversionEventName>> = {
  ...Object.fromEntries(FUNNEL_STEPS.map((s) => [s.store_event, s.event_name])),
  purchase: 'Purchase',
};

// SPEC §7 user_data is hashed: SHA-256 of the normalised value, so the clear email or phone never sits in
// the delivery queue's storage nor crosses the network.
const hashedEmail = (email: string) => sha256(normalizeEmail(email));
const hashedPhone = (phone: string) => sha256(normalizePhone(phone));

let lastCtx: ProviderContext['ctx'] | null = null;
let lastUser: ConversionEvent['user_data'] = {};
/** user_data changes only with the context snapshot; hashed once per sign-in, not per event. */
function userData(ctx: ProviderContext['ctx']): ConversionEvent['user_data'] {
  if (ctx !== lastCtx) {
    lastCtx = ctx;
    lastUser = {};
    if (ctx.user_email !== 'NA') lastUser.email = hashedEmail(ctx.user_email);
    if (ctx.user_mobile !== 'NA') lastUser.phone = hashedPhone(ctx.user_mobile);
    if (ctx.user_id !== 'NA') lastUser.external_id = sha256(ctx.user_id);
  }
  return lastUser;
}

export function mapServerConversion(e: CatalogueEvent, c: ProviderContext): ConversionEvent | null {
  const name = NAMES[e.name];
  if (!name) return null;
  const { ctx } = c;
  const items = itemsOf(e);
  const user: ConversionEvent['user_data'] = { ...userData(ctx) };
  const custom: ConversionEvent['custom_data'] = {
    currency: CURRENCY,
    value: eventValue(e) ?? 0,
    contents: items.map((i) => ({ id: i.sku, quantity: quantityOf(i), item_price: rupees(i.sale_price) ?? 0 })),
    content_type: 'product',
    num_items: itemsCount(items),
    content_ids: items.map((i) => i.sku),
    evt_src: ctx.source,
  };
  const step = FUNNEL_STEP[e.name];
  if (step) custom.funnel_step = step;
  if (e.name === 'payment_initiated') custom.payment_flow = paymentFlow(ctx);
  if (e.name === 'add_payment_info' || e.name === 'purchase') {
    custom.payment_method = paymentMethodName(e.payment_method);
    custom.payment_mode = paymentMode(e.payment_method);
  }
  if (e.name === 'purchase') {
    custom.order_id = e.order_id;
    if (e.customer_email && !user.email) user.email = hashedEmail(e.customer_email);
    if (e.customer_mobile && !user.phone) user.phone = hashedPhone(e.customer_mobile);
  }
  return {
    event_name: name,
    event_time: Math.floor(c.at / 1000),
    event_id: c.event_id,
    action_source: 'website',
    event_source_url: ctx.url,
    session_id: c.session_id,
    user_data: user,
    custom_data: custom,
    // SPEC §4.8: the consent travels with the event; the server forwards only what it allows.
    consent: c.consent,
  };
}

export function serverConversionsProvider(delivery: Delivery, url: string): Provider<ConversionEvent> {
  return { id: 'server_conversions', map: mapServerConversion, send: (payload) => delivery.enqueue(url, payload) };
}
