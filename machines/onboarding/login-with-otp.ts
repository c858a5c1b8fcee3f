import { assign } from 'xstate';
import { GENERIC_ERROR } from '../../schemas/common.ts';
import type { Step } from './types.ts';
import { onboardingSetup, otpFlow, outputOf, signedInUser } from './setup.ts';

export const loginWithOtpFlow = onboardingSetup.createStateConfig({
  entry: [{ type: 'enterStep', params: 'LOGIN_WITH_OTP' as Step }, assign({ otpValue: '', maxAttempts: null })],
  initial: 'sending',
  states: {
    ...otpFlow({
      type: 'login',
      to: 'identifier',
      sendFailedTarget: '#onboarding.LOGIN',
      container: 'otp',
      verify: {
        state: 'verifying',
        invoke: {
          id: 'loginWithOtp',
          src: 'loginWithOtp',
          input: ({ context }) => ({ identifier: context.identifier, c_code: context.country.selected_code, otp: context.otpValue }),
          onDone: [
            {
              guard: 'signedInWithMobile',
              target: '#onboarding.SIGNED_IN',
              actions: [
                assign(({ event }) => ({
                  user: signedInUser(event),
                  method: 'otp' as const,
                  deletionRequestedAt: outputOf(event).data.deletion_requested_at,
                })),
                { type: 'report', params: { name: 'otp_verified', type: 'login' } },
              ],
            },
            { guard: 'needsMobile', target: '#onboarding.PROFILE_UPDATE', actions: assign({ method: 'otp' as const }) },
            { target: 'entering', actions: assign(({ event }) => ({ error: outputOf(event)?.message || GENERIC_ERROR })) },
          ],
        },
      },
      failed: (reason) => ({ name: 'otp_failed', type: 'login', reason }),
    }),
  },
  on: {
    CHANGE: { target: '#onboarding.MY_ACCOUNT', actions: 'clearMessages' },
    USE_PASSWORD: { target: '#onboarding.LOGIN', actions: 'clearMessages' },
  },
});
