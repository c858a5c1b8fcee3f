import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { z } from 'zod';
import { emit } from '../../../../events/index.ts';
import { post } from '../../../api/client.ts';
import { useAuth } from '../../../api/auth.tsx';
import { forgetRememberedUser } from '../remembered.ts';
import { button } from '../../../ui/theme/global.css.ts';

const LogoutResponse = z.object({ status: z.number(), message: z.string() });

/**
 * /logout: ends the session on the server, then confirms. Reached from one of the store's own pages (a navigation
 * inside the app) it signs out at once; opened as a new document — a link on another site, a typed address — it
 * asks first, so nobody else's page can sign the shopper out (README "Security", cross-site requests).
 */
export default function LogoutPage() {
  const { refresh } = useAuth();
  // The router keys the entry a document opens with 'default'; every navigation inside the app gets its own key.
  const fromStore = useLocation().key !== 'default';
  const [state, setState] = useState<'ask' | 'leaving' | 'done'>(fromStore ? 'leaving' : 'ask');
  const logout = useCallback(() => {
    setState('leaving');
    post<typeof LogoutResponse>('/api/logout/logout-operation', {})
      .then(() => {
        emit({ name: 'user_logout' });
        forgetRememberedUser();
      })
      .catch(() => null)
      .then(() => refresh())
      .finally(() => setState('done'));
  }, [refresh]);
  useEffect(() => {
    if (fromStore) logout();
  }, [fromStore, logout]);
  if (state === 'ask')
    return (
      <div style={{ textAlign: 'center' }}>
        <h1>Log out of Kasrat?</h1>
        <p>Your cart stays saved on this device.</p>
        <button type="button" className={button} onClick={logout}>
          Logout
        </button>{' '}
        <Link to="/">Continue Shopping</Link>
      </div>
    );
  return (
    <div style={{ textAlign: 'center' }}>
      <h1>{state === 'done' ? 'You have been logged out' : 'Logging you out…'}</h1>
      <p>Your cart stays saved on this device.</p>
      <Link to="/" className={button}>
        Continue Shopping
      </Link>
    </div>
  );
}
