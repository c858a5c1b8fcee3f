import { useState } from 'react';
import { Link } from 'react-router-dom';
import { usePageMeta } from '../../../ui/meta.tsx';
import { accountApi } from '../api.ts';
import * as css from '../components/account.css.ts';
import { Alert } from '../../../ui/form/Fields.tsx';
import { useResource } from '../../../api/page-resource.ts';
import { messageOf } from '../../../api/resource.ts';
import { button } from '../../../ui/theme/global.css.ts';

/** /cancel-delete-account: an account scheduled for deletion can be kept until the date comes. */
export default function CancelDeleteAccountPage() {
  usePageMeta(null);
  const status = useResource(() => accountApi.deletionStatus().then((r) => r.data));
  const [message, setMessage] = useState<{ kind: 'info' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      const res = await accountApi.cancelDeletion();
      status.set(res.data);
      setMessage({ kind: 'info', text: res.message });
    } catch (err) {
      setMessage({ kind: 'error', text: messageOf(err) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <article className={css.panel} style={{ maxWidth: 560, margin: '24px auto' }}>
      <h1>Cancel account deletion</h1>
      {message ? <Alert kind={message.kind}>{message.text}</Alert> : null}
      <Alert kind="error">{status.error}</Alert>
      {status.loading && !status.data ? <p role="status">Checking your account…</p> : null}
      {status.data?.deletion_requested ? (
        <>
          <p>
            Your account is scheduled for deletion on <strong>{status.data.deletion_scheduled_for}</strong>. Until then you can keep it.
          </p>
          <button type="button" className={button} onClick={cancel} disabled={busy} aria-busy={busy}>
            Cancel deletion and keep my account
          </button>
        </>
      ) : status.data ? (
        <>
          <p>Your account is not scheduled for deletion.</p>
          <Link to="/account/" className={button}>
            Go to my account
          </Link>
        </>
      ) : null}
    </article>
  );
}
