import { formatPaise } from '../../../../schemas/money.ts';
import type { OrderDetailsData } from '../../../../schemas/order.ts';
import { useServerShopperAnswer } from '../../../api/prefetch.ts';
import { preload } from '../../../api/route-data.ts';
import { sessionResource, shopperResource } from '../../../api/shopper-data.ts';
import { loadRenderedOrder, RENDERED_ORDER } from '../api.ts';
import { usePageMeta } from '../../../ui/meta.tsx';
import { PriceSummary } from '../../cart/index.ts';
import { PageSkeleton } from '../../../ui/Skeleton.tsx';
import { card } from '../../../ui/theme/global.css.ts';
import { OrderLines } from '../components/OrderLines.tsx';
import { useFunnelPage, useUnadoptedOrder } from '../funnel.tsx';
import { StickyAction } from '../components/StickyAction.tsx';
import * as css from './CheckoutPage.css.ts';
import { StepLoadError } from '../components/StepLoadError.tsx';

/**
 * The order as the shopper's cart and chosen address price it, and the session, loaded by the server before its one
 * render (a personal render, docs/decisions/010). Server-only: the browser's router runs no loaders.
 */
export const loader = import.meta.env.SSR
  ? async ({ context }: { context: unknown }): Promise<null> => {
      await preload(context, [sessionResource(), shopperResource(RENDERED_ORDER, loadRenderedOrder)]);
      return null;
    }
  : undefined;

/** Checkout step 3 (SPEC §4 order confirmation): the cart re-priced by the server, the address, place order. */
export default function OrderConfirmationPage() {
  usePageMeta({ title: 'Order confirmation', description: 'Review your order before payment' });
  const { snapshot, send, busy } = useFunnelPage();
  // On the server: the order as the shopper's cart and chosen address price it (docs/decisions/010, a personal
  // render). In the browser the tab's funnel holds the order, and adopts the server's on a reload (funnel.tsx); a tab
  // without a funnel hydrates the server's order, then leaves for the cart.
  const hydrating = useUnadoptedOrder();
  const rendered = useServerShopperAnswer<OrderDetailsData>(RENDERED_ORDER)?.value ?? hydrating;
  const details = rendered ?? snapshot.context.details;
  const error = rendered ? null : snapshot.context.error;

  if (!rendered && snapshot.matches({ orderConfirmation: 'loadFailed' }))
    return <StepLoadError title="Order confirmation" state="confirmation-error" message={error} onRetry={() => send({ type: 'RELOAD' })} />;
  if (!details || (!rendered && snapshot.matches({ orderConfirmation: 'loading' }))) return <PageSkeleton />;

  const placing = !rendered && snapshot.matches({ orderConfirmation: 'placing' });
  const a = details.address;
  const blocked = details.blocking.length > 0 || !details.serviceable;
  return (
    <div className={css.page} data-testid="checkout-step" data-state="confirmation">
      <div className={css.column}>
        <h1 className={css.title}>Order confirmation</h1>
        {error && (
          <p className={css.alert} role="alert">
            {error}
          </p>
        )}
        <section className={card} aria-labelledby="deliver-to">
          <div className={css.row} style={{ justifyContent: 'space-between' }}>
            <h2 id="deliver-to" className={css.sectionTitle}>
              Deliver to
            </h2>
            <button type="button" className={css.linkButton} onClick={() => send({ type: 'CHANGE_ADDRESS' })} disabled={busy}>
              Change address
            </button>
          </div>
          {a ? (
            <p style={{ margin: '8px 0 0' }} data-testid="confirm-address">
              <strong>{a.full_name}</strong>, {a.address}
              {a.landmark ? `, ${a.landmark}` : ''}, {a.city}, {a.state} – {a.pincode}
              <br />
              <span className={css.muted}>Mobile: {a.mobile}</span>
            </p>
          ) : (
            <p className={css.muted}>No address chosen yet.</p>
          )}
          {!details.serviceable && <p className={css.alert}>We do not deliver to this pincode yet. Please choose another address.</p>}
        </section>
        <section className={card} aria-labelledby="items-title">
          <h2 id="items-title" className={css.sectionTitle}>
            Items in your order
          </h2>
          <OrderLines
            label="Items in your order"
            lines={details.cart_data.map((l) => ({
              key: `${l.variant_id}-${l.is_freebie}`,
              name: l.variant_meta.parent_name || l.variant_name,
              swatch: l.variant_meta.swatch.map((s) => s.value).join(' / ') || null,
              quantity: l.quantity,
              sale_price: l.sale_price,
              is_freebie: l.is_freebie,
              image: l.thumbnail_image,
            }))}
          />
          {details.blocking.map((b) => (
            <p key={b} className={css.alert}>
              {b}
            </p>
          ))}
        </section>
      </div>
      <aside className={css.column} aria-label="Order total">
        <PriceSummary priceMeta={details.price_meta} freeDeliveryFrom={null}>
          <StickyAction
            disabled={blocked || busy}
            busy={placing}
            busyLabel="Placing your order…"
            onClick={() => send({ type: 'PLACE_ORDER' })}
          >
            {`Place order · ${formatPaise(details.total)}`}
          </StickyAction>
        </PriceSummary>
      </aside>
    </div>
  );
}
