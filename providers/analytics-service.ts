// Analytics service (Mixpanel-style global): identify on sign-in, reset on sign-out, one track per event.
import type { CatalogueEvent } from '../events/index.ts';
import { FUNNEL_STEP, itemsCount, itemsOf, paymentFlow, reportedOrigin, eventValue } from './rules.ts';
import type { Provider, ProviderContext } from './types.ts';

export type AnalyticsCall = [method: 'identify' | 'track' | 'reset', ...args: unknown[]];

export function mapAnalyticsService(e: CatalogueEvent, c: ProviderContext): AnalyticsCall[] {
  const { ctx } = c;
  const props: Record<string, unknown> = {
    $insert_id: c.event_id,
    time: c.at,
    page_type: ctx.page_type,
    url: ctx.url,
    source: ctx.source,
    login_status: ctx.login_status,
    user_id: ctx.user_id,
    new_customer: ctx.new_customer,
    currency: 'INR',
  };
  const value = eventValue(e);
  if (value !== null) props.value = value;
  const items = itemsOf(e);
  if (items.length) {
    props.skus = items.map((i) => i.sku);
    props.num_items = itemsCount(items);
  }
  const step = FUNNEL_STEP[e.name];
  if (step) props.checkout_step = step;
  if (e.name === 'payment_initiated') props.payment_flow = paymentFlow(ctx);
  if (e.name === 'add_to_cart') props.origin = reportedOrigin(e.origin, false);
  const calls: AnalyticsCall[] = [];
  if ((e.name === 'user_login' || e.name === 'user_register') && ctx.user_id !== 'NA') calls.push(['identify', ctx.user_id]);
  calls.push(['track', e.name, props]);
  if (e.name === 'user_logout') calls.push(['reset']);
  return calls;
}

export function analyticsServiceProvider(
  target: () => { mixpanel?: unknown } | undefined = () => globalThis as { mixpanel?: unknown },
): Provider<AnalyticsCall[]> {
  return {
    id: 'analytics_service',
    map: mapAnalyticsService,
    send(calls) {
      const sdk = target()?.mixpanel as Record<string, unknown> | undefined;
      if (!sdk) return;
      for (const [method, ...args] of calls) {
        const fn = sdk[method];
        if (typeof fn === 'function') fn.apply(sdk, args);
      }
    },
  };
}
