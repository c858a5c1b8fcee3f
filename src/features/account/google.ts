import type { GoogleConfigResponse } from '../../../schemas/account.ts';
import { get } from '../../api/client.ts';

// Google sign-in, implicit flow: the browser goes to the identity provider (Google, or the development one the
// app serves) and comes back to /my-account with #id_token=…&state=…. The state ties the answer to this tab.

const STATE_KEY = 'kasrat.google.state';

const randomToken = (): string => {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

/** Leaves for the identity provider; resolves only if it cannot. */
export async function startGoogleSignIn(): Promise<void> {
  const { data } = await get<typeof GoogleConfigResponse>('/api/auth/google-config');
  if (!data.enabled) throw new Error('Google sign-in is not available right now.');
  const state = randomToken();
  sessionStorage.setItem(STATE_KEY, state);
  const url = new URL(data.authorize_url, window.location.origin);
  url.search = new URLSearchParams({
    client_id: data.client_id,
    redirect_uri: `${window.location.origin}/my-account`,
    response_type: 'id_token',
    scope: 'openid email profile',
    // The server's nonce: it checks that the id_token coming back was started by this browser.
    nonce: data.nonce,
    state,
    prompt: 'select_account',
  }).toString();
  window.location.assign(url.toString());
  // The page is unloading; never settle, so the machine stays in its redirecting state.
  await new Promise(() => {});
}

/** The email claim of an id_token (display and request shape only; the server verifies the token). */
export function emailOfIdToken(idToken: string): string | null {
  try {
    const payload = JSON.parse(atob(idToken.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    return typeof payload.email === 'string' ? payload.email.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** Reads a Google answer from the URL fragment, once; null when there is none or it is not ours. */
export function takeGoogleReturn(hash: string): { idToken: string; email: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const idToken = params.get('id_token');
  if (!idToken) return null;
  let expected: string | null = null;
  try {
    expected = sessionStorage.getItem(STATE_KEY);
    sessionStorage.removeItem(STATE_KEY);
  } catch {
    expected = null;
  }
  if (!expected || params.get('state') !== expected) return null;
  const email = emailOfIdToken(idToken);
  return email ? { idToken, email } : null;
}
