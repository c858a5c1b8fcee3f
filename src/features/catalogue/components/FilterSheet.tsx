import * as Dialog from '@radix-ui/react-dialog';
import type { Facet, FacetName } from '../../../../schemas/catalogue.ts';
import type { ListingState } from '../listing-params.ts';
import { useFixedScroll } from '../../../ui/fixed-scroll.tsx';
import { button } from '../../../ui/theme/global.css.ts';
import * as css from './FilterSheet.css.ts';
import { FacetPanel } from './FacetPanel.tsx';

// The filters on a phone: a full-screen sheet over the results (its own chunk, loaded on first open). Changes
// apply at once; the footer button shows how many products match and closes the sheet.

export default function FilterSheet({
  facets,
  state,
  onChange,
  hide,
  total,
  loading,
  onClose,
}: {
  facets: readonly Facet[];
  state: ListingState;
  onChange: (next: ListingState) => void;
  hide: readonly FacetName[];
  total: number;
  loading: boolean;
  onClose: () => void;
}) {
  useFixedScroll();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={css.overlay} />
        <Dialog.Content className={css.sheet} aria-describedby={undefined}>
          <div className={css.sheetHead}>
            <Dialog.Title style={{ margin: 0, fontSize: 18 }}>Filters</Dialog.Title>
            <Dialog.Close className={css.closeButton} aria-label="Close filters">
              ×
            </Dialog.Close>
          </div>
          <div className={css.sheetBody}>
            <FacetPanel facets={facets} state={state} onChange={onChange} hide={hide} />
          </div>
          <div className={css.sheetFoot}>
            <Dialog.Close className={button} aria-live="polite">
              {loading ? 'Updating…' : `Show ${total} ${total === 1 ? 'product' : 'products'}`}
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
