import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { emit } from '../../../../events/index.ts';
import { post } from '../../../api/client.ts';
import { useAuth } from '../AuthContext.tsx';
import { forgetRememberedUser } from '../remembered.ts';
import { button } from '../../../ui/theme/global.css.ts';

const LogoutResponse = z.object({ status: z.number(), message: z.string() });

/** /logout: ends the session on the server, then confirms. */
export default function LogoutPage() {
  const { refresh } = useAuth();
  const [done, setDone] = useState(false);
  useEffect(() => {
    post<typeof LogoutResponse>('/api/logout/logout-operation', {}, { on401: 'silent' })
      .then(() => {
        emit({ name: 'user_logout' });
        forgetRememberedUser();
      })
      .catch(() => null)
      .then(() => refresh())
      .finally(() => setDone(true));
  }, [refresh]);
  return (
    <div style={{ textAlign: 'center' }}>
      <h1>{done ? 'You have been logged out' : 'Logging you out…'}</h1>
      <p>Your cart stays saved on this device.</p>
      <Link to="/" className={button}>
        Continue Shopping
      </Link>
    </div>
  );
}
