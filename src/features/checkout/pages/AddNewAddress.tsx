import { usePageMeta } from '../../../ui/meta.tsx';
import { AddressForm, EMPTY_ADDRESS } from '../../account/index.ts';
import { useToast } from '../../../ui/Toast.tsx';
import { useFunnelPage } from '../funnel.tsx';
import * as css from './CheckoutPage.css.ts';

/** /add-new-address: the account's address form (pincode serviceability included); saving returns to the address step with it chosen. */
export default function AddNewAddressPage() {
  usePageMeta({ title: 'Add new address', description: 'Add a delivery address' });
  const toast = useToast();
  const { send } = useFunnelPage((actor) => {
    if (actor.getSnapshot().matches({ checkout: 'choosing' })) actor.send({ type: 'ADD_ADDRESS' });
  });
  return (
    <section className={css.column} data-testid="checkout-step" data-state="add-address">
      <h1 className={css.title}>Add a delivery address</h1>
      <AddressForm
        draft={EMPTY_ADDRESS}
        onCancel={() => send({ type: 'CANCEL_ADD_ADDRESS' })}
        onSaved={(message, address) => {
          toast.show(message, 'success');
          send({ type: 'ADDRESS_SAVED', address_id: address.address_id });
        }}
      />
    </section>
  );
}
