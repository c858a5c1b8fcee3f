import { Link } from 'react-router-dom';
import { usePageMeta } from '../../../ui/meta.tsx';
import { PageSkeleton } from '../../../ui/Skeleton.tsx';
import { buttonSecondary } from '../../../ui/theme/global.css.ts';
import { AddressOption } from '../components/AddressOption.tsx';
import * as addressCss from '../components/AddressOption.css.ts';
import { beginCheckoutFromCart, useFunnelPage } from '../funnel.tsx';
import { StickyAction } from '../components/StickyAction.tsx';
import * as css from './CheckoutPage.css.ts';
import { StepLoadError } from '../components/StepLoadError.tsx';

/** Checkout step 2 (SPEC §4 begin checkout): choose the delivery address, deliver here, or add a new one. */
export default function SelectAddressPage() {
  usePageMeta({ title: 'Select delivery address', description: 'Choose where your order is delivered' });
  const { snapshot, send, busy, starting } = useFunnelPage((actor) => {
    // Back from the confirmation (or the new-address form): the funnel returns to the address step.
    const s = actor.getSnapshot();
    if (s.matches({ orderConfirmation: 'ready' }) || s.matches({ orderConfirmation: 'loadFailed' })) actor.send({ type: 'CHANGE_ADDRESS' });
    if (s.matches({ checkout: 'adding' })) actor.send({ type: 'CANCEL_ADD_ADDRESS' });
    // Opened with no checkout begun: the cart's link tapped before its page had hydrated (docs/decisions/017).
    if (s.matches('idle') || s.matches('cart') || s.matches('emptyCart')) return beginCheckoutFromCart(actor);
  });
  const { addresses, selectedAddressId, error } = snapshot.context;

  if (starting || snapshot.matches({ checkout: 'loading' })) return <PageSkeleton />;
  if (snapshot.matches({ checkout: 'loadFailed' }))
    return <StepLoadError title="Select delivery address" state="address-error" message={error} onRetry={() => send({ type: 'RELOAD' })} />;
  const selected = addresses.find((a) => a.address_id === selectedAddressId);
  const delivering = snapshot.matches({ checkout: 'delivering' });
  return (
    <section className={css.column} data-testid="checkout-step" data-state="address">
      <h1 className={css.title}>Select delivery address</h1>
      {error && (
        <p className={css.alert} role="alert">
          {error}
        </p>
      )}
      {addresses.length === 0 ? (
        <p className={css.notice}>You have no saved addresses yet. Add one to continue.</p>
      ) : (
        <ul className={addressCss.list} aria-label="Saved addresses">
          {addresses.map((a) => (
            <AddressOption
              key={a.address_id}
              address={a}
              checked={a.address_id === selectedAddressId}
              onSelect={() => send({ type: 'SELECT_ADDRESS', address_id: a.address_id })}
            />
          ))}
        </ul>
      )}
      <div className={css.row}>
        <button type="button" className={buttonSecondary} onClick={() => send({ type: 'ADD_ADDRESS' })} disabled={busy}>
          Add new address
        </button>
        <Link to="/cart" className={css.linkButton}>
          Back to cart
        </Link>
      </div>
      <StickyAction disabled={!selected?.serviceable || busy} busy={delivering} onClick={() => send({ type: 'DELIVER_HERE' })}>
        Deliver here
      </StickyAction>
    </section>
  );
}
