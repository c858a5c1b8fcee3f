import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { isSafeReturnPath, rememberReturnTo, takeReturnTo } from '../api/return-to.ts';
import { useAuth } from '../api/auth.tsx';
import { PageSkeleton } from '../ui/Skeleton.tsx';

// SPEC §2: a private route sends a signed-out visitor to /my-account and remembers where they came from;
// /my-account sends a signed-in user back there, or to /.
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
