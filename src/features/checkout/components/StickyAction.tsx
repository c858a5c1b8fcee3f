import type { ReactNode } from 'react';
import { button } from '../../../ui/theme/global.css.ts';
import * as css from './StickyAction.css.ts';

/**
 * A checkout step's main action (deliver here, place order, pay): full width, kept in view on phones, marked busy
 * while its call runs, and showing `busyLabel` then.
 */
export function StickyAction({
  onClick,
  disabled,
  busy,
  busyLabel = 'Please wait…',
  children,
}: {
  onClick: () => void;
  disabled: boolean;
  busy: boolean;
  busyLabel?: string;
  children: ReactNode;
}) {
  return (
    <div className={css.bar}>
      <button type="button" className={`${button} ${css.action}`} disabled={disabled} aria-busy={busy} onClick={onClick}>
        {busy ? busyLabel : children}
      </button>
    </div>
  );
}
