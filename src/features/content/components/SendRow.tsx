import { button } from '../../../ui/theme/global.css.ts';
import * as css from './content.css.ts';

/** The end of a content form: why the last send failed, if it did, and the submit button ("Sending…" while busy). */
export function SendRow({
  failure,
  busy,
  disabled = busy,
  label,
}: {
  failure: string | null;
  busy: boolean;
  disabled?: boolean;
  label: string;
}) {
  return (
    <>
      {failure ? (
        <p className={css.result.error} role="alert">
          {failure}
        </p>
      ) : null}
      <div>
        <button type="submit" className={button} disabled={disabled}>
          {busy ? 'Sending…' : label}
        </button>
      </div>
    </>
  );
}
