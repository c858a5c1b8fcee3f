import { button } from '../../../ui/theme/global.css.ts';
import * as css from './account.css.ts';

interface FormActionsProps {
  label: string;
  /** Without it the primary button submits its form. */
  onClick?: () => void;
  /** Shows "Please wait…" and disables the primary button while a call runs. */
  busy?: boolean;
  cancelLabel?: string;
  onCancel(): void;
}

// Every account form ends the same way: the primary button, then a link that gives up.
export function FormActions({ label, onClick, busy, cancelLabel = 'Cancel', onCancel }: FormActionsProps) {
  return (
    <div className={css.row}>
      <button type={onClick ? 'button' : 'submit'} className={button} onClick={onClick} disabled={busy} aria-busy={busy}>
        {busy ? 'Please wait…' : label}
      </button>
      <button type="button" className={css.linkButton} onClick={onCancel}>
        {cancelLabel}
      </button>
    </div>
  );
}
