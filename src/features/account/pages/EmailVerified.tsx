import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageMeta } from '../../../ui/meta.tsx';
import { accountApi } from '../api.ts';
import { rememberUser } from '../remembered.ts';
import * as css from '../components/account.css.ts';
import { Alert } from '../../../ui/form/Fields.tsx';
import { messageOf } from '../../../api/resource.ts';
import { button } from '../../../ui/theme/global.css.ts';

/** /email-verified?token=…: the link from the verification email lands here (signed in) and is checked once. */
export default function EmailVerifiedPage() {
  usePageMeta(null);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [result, setResult] = useState<{ kind: 'info' | 'error'; text: string } | null>(null);
  useEffect(() => {
    let live = true;
    if (!token) {
      setResult({ kind: 'error', text: 'This verification link is not valid' });
      return;
    }
    accountApi
      .verifyEmail(token)
      .then((res) => {
        if (!live) return;
        rememberUser({ email: res.data.email });
        setResult({ kind: 'info', text: res.message });
      })
      .catch((err) => live && setResult({ kind: 'error', text: messageOf(err) }));
    return () => {
      live = false;
    };
  }, [token]);
  return (
    <article className={css.panel} style={{ maxWidth: 560, margin: '24px auto' }}>
      <h1>Email verification</h1>
      {result ? <Alert kind={result.kind}>{result.text}</Alert> : <p role="status">Verifying your email…</p>}
      <Link to="/account/profile" className={button}>
        Go to my profile
      </Link>
    </article>
  );
}
