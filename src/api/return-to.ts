import { sameSitePath } from '../../schemas/return-path.ts';

// SPEC §2: a private route sends a signed-out visitor to /my-account and remembers where they came from;
// /my-account sends a signed-in user back there, or to /. The origin is kept in router state and in
// sessionStorage, so it survives a reload or a sign-in that leaves the app (Google).
const RETURN_KEY = 'kasrat.returnTo';

export function rememberReturnTo(path: string): void {
  try {
    sessionStorage.setItem(RETURN_KEY, path);
  } catch {
    // Storage failures are only logged (SPEC §8).
    console.warn('[auth] could not remember the return path');
  }
}

export function takeReturnTo(): string | null {
  try {
    const value = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
    return value;
  } catch {
    return null;
  }
}

/** Only same-site paths are followed (by URL parsing), so a crafted ?from cannot send a shopper elsewhere. */
export const isSafeReturnPath = (path: unknown): path is string =>
  sameSitePath(path) !== null && !(path as string).startsWith('/my-account');
