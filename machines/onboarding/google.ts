import { assign } from 'xstate';
import type { Step } from './types.ts';
import { errorOf, onboardingSetup, outputOf } from './setup.ts';

export const googleFlow = onboardingSetup.createStateConfig({
  entry: { type: 'enterStep', params: 'LOGIN_WITH_GOOGLE' as Step },
  initial: 'redirecting',
  states: {
    // The page leaves for the identity provider; it comes back with GOOGLE_TOKEN (root handler).
    redirecting: {
      tags: ['busy'],
      invoke: {
        id: 'startGoogle',
        src: 'startGoogle',
        input: () => ({}),
        onError: { target: '#onboarding.MY_ACCOUNT', actions: assign({ error: errorOf }) },
      },
    },
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'loginWithGoogle',
        src: 'loginWithGoogle',
        input: ({ context }) => ({ email: context.email, idToken: context.googleToken ?? '' }),
        onDone: [
          // SPEC §4: status 1 with a mobile signs in; without one goes to PROFILE_UPDATE; otherwise REGISTER.
          {
            guard: 'signedInWithMobile',
            target: '#onboarding.SIGNED_IN',
            actions: { type: 'keepSignIn', params: 'google' },
          },
          {
            guard: 'needsMobile',
            target: '#onboarding.PROFILE_UPDATE',
            actions: assign({ method: 'google' as const, googleToken: null }),
          },
          {
            target: '#onboarding.REGISTER',
            actions: assign(({ event, context }) => ({
              email: outputOf(event)?.data?.google?.email ?? context.email,
              fullName: (outputOf(event)?.data?.google?.first_name ?? '').replace(/[^A-Za-z ]/g, '').slice(0, 50),
              identifier: outputOf(event)?.data?.google?.email ?? context.email,
              emailFetchedFromGoogle: true,
              activeInputField: 'email' as const,
            })),
          },
        ],
        onError: {
          target: '#onboarding.MY_ACCOUNT',
          actions: [
            assign({ error: errorOf, googleToken: null }),
            { type: 'report', params: ({ event }) => ({ name: 'login_failed', method: 'google', reason: errorOf({ event }) }) },
          ],
        },
      },
    },
  },
  on: { CHANGE: { target: '#onboarding.MY_ACCOUNT', actions: 'clearMessages' } },
});
