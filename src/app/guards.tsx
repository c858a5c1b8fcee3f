import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '../features/account/AuthContext.tsx';
import { PageSkeleton } from '../ui/Skeleton.tsx';

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

/** Only same-site paths are followed, so a crafted ?from cannot send a shopper elsewhere. */
export const isSafeReturnPath = (path: unknown): path is string =>
  typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/my-account');

export function PrivateRoute({ children }: { children: ReactNode }) {
  const { isAuthenticated, loading } = useAuth();
  const location = useLocation();
  if (loading) return <PageSkeleton />;
  if (!isAuthenticated) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    rememberReturnTo(from);
    return <Navigate to="/my-account" replace state={{ from }} />;
  }
  return <>{children}</>;
}

export function GuestOnlyRoute({ children }: { children: ReactNode }) {
  const { isAuthenticated, loading } = useAuth();
  const location = useLocation();
  if (loading) return <PageSkeleton />;
  if (isAuthenticated) {
    const fromState = (location.state as { from?: unknown } | null)?.from;
    const stored = takeReturnTo();
    const target = isSafeReturnPath(fromState) ? fromState : isSafeReturnPath(stored) ? stored : '/';
    return <Navigate to={target} replace />;
  }
  return <>{children}</>;
}
