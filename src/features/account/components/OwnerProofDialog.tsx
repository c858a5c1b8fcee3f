import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useFixedScroll } from '../../../ui/fixed-scroll.tsx';
import { accountApi } from '../api.ts';
import { useResource } from '../../../api/page-resource.ts';
import { ConfirmOwner } from './ConfirmOwner.tsx';
import * as css from './OwnerProofDialog.css.ts';

// The owner's proof (README "Security": the password or a fresh code) asked for from inside another form, such as
// the refund bank account inside the return form. Forms do not nest, so the proof's own form is drawn in a dialog
// at the end of the page; its submit events stop at the dialog, so they never submit the form it was opened from.

export function OwnerProofDialog({ onConfirmed, onCancel }: { onConfirmed(): void; onCancel(): void }) {
  const profile = useResource(() => accountApi.profile().then((r) => r.data));
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<Element | null>(typeof document === 'undefined' ? null : document.activeElement);
  const cancel = useRef(onCancel);
  cancel.current = onCancel;
  useFixedScroll();
  // Once, on opening: focus moves into the dialog, Escape gives up, and focus returns where it was on closing.
  useEffect(() => {
    heading.current?.focus();
    const back = opener.current;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') cancel.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (back instanceof HTMLElement) back.focus();
    };
  }, []);
  return createPortal(
    <div className={css.backdrop}>
      <div role="dialog" aria-modal="true" aria-labelledby="owner-proof-title" className={css.dialog} onSubmit={(e) => e.stopPropagation()}>
        <h2 id="owner-proof-title" ref={heading} tabIndex={-1} className={css.title}>
          Confirm it is you
        </h2>
        {profile.loading ? (
          <p>Loading…</p>
        ) : (
          // Without the profile, offer the password as well: the code is always there.
          <ConfirmOwner hasPassword={profile.data?.has_password ?? true} onConfirmed={onConfirmed} onCancel={onCancel} />
        )}
      </div>
    </div>,
    document.body,
  );
}
