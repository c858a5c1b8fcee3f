// SPEC §4: a profile, mobile or email change with status 1 updates the locally remembered username, mobile and
// email (also remembered at sign-in, so the login page can offer them). Storage failures are only logged (SPEC §8).

export interface RememberedUser {
  username: string | null;
  mobile: string | null;
  email: string | null;
}

const KEY = 'kasrat.user';

export function readRememberedUser(): RememberedUser | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<RememberedUser>;
    return { username: v.username ?? null, mobile: v.mobile ?? null, email: v.email ?? null };
  } catch {
    return null;
  }
}

/** Merges what changed into what is remembered. */
export function rememberUser(update: Partial<RememberedUser>): void {
  try {
    const current = readRememberedUser() ?? { username: null, mobile: null, email: null };
    localStorage.setItem(KEY, JSON.stringify({ ...current, ...update }));
  } catch (error) {
    console.warn('[auth] could not remember the user', error);
  }
}

export function forgetRememberedUser(): void {
  try {
    localStorage.removeItem(KEY);
  } catch (error) {
    console.warn('[auth] could not forget the user', error);
  }
}
