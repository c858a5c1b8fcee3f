import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { emit } from '../../../../events/index.ts';
import type { OnboardingContext } from '../../../../machines/onboarding/index.ts';
import { usePageMeta } from '../../../ui/meta.tsx';
import { useAuth } from '../../../api/auth.tsx';
import { takeGoogleReturn } from '../google.ts';
import { createOnboardingServices } from '../onboarding-services.ts';
import { rememberUser } from '../remembered.ts';
import { OnboardingView } from '../components/OnboardingView.tsx';

/** /my-account (SPEC §2): sign in or register. Once signed in, the guest-only route sends the shopper back. */
export default function MyAccountPage() {
  usePageMeta(null);
  const { refresh } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const services = useMemo(() => createOnboardingServices(), []);
  // A Google answer in the fragment is read once, when the page loads.
  const [googleReturn] = useState(() => {
    const answer = typeof window !== 'undefined' ? takeGoogleReturn(window.location.hash) : null;
    if (answer) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    return answer;
  });
  useState(() => emit({ name: 'login_viewed' }));
  const sessionExpired = new URLSearchParams(location.search).get('sf') === 'true';

  const onSignedIn = useCallback(
    (context: OnboardingContext) => {
      const user = context.user;
      if (user) rememberUser({ username: user.customer_name, mobile: user.customer_mobile, email: user.customer_email });
      // SPEC §4: a successful sign-in reloads the session, and the guest-only route then sends the shopper on;
      // an account scheduled for deletion is sent to the page that cancels it.
      const moved = context.deletionRequestedAt
        ? navigate(location.pathname, { replace: true, state: { from: '/cancel-delete-account' } })
        : undefined;
      // The session is re-read once the new route state is in place, so the guard sees both together.
      void Promise.resolve(moved).then(() => refresh());
    },
    [navigate, refresh, location.pathname],
  );

  return (
    <OnboardingView
      services={services}
      onSignedIn={onSignedIn}
      googleReturn={googleReturn}
      readGoogleReturn={takeGoogleReturn}
      notice={sessionExpired ? 'Please login to continue.' : null}
    />
  );
}
