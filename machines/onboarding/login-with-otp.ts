import { assign } from 'xstate';
import { GENERIC_ERROR } from '../../schemas/common.ts';
import type { Step } from './types.ts';
import { backFromLoginFlow, identifierOtpFlow, onboardingSetup, outputOf } from './setup.ts';

export const loginWithOtpFlow = onboardingSetup.createStateConfig({
  entry: [{ type: 'enterStep', params: 'LOGIN_WITH_OTP' as Step }, assign({ otpValue: '', maxAttempts: null })],
  initial: 'sending',
  states: {
    ...identifierOtpFlow('login', {
      id: 'loginWithOtp',
      src: 'loginWithOtp',
      input: ({ context }) => ({ identifier: context.identifier, c_code: context.country.selected_code, otp: context.otpValue }),
      onDone: [
        {
          guard: 'signedInWithMobile',
          target: '#onboarding.SIGNED_IN',
          actions: [
            { type: 'keepSignIn', params: 'otp' },
            { type: 'report', params: { name: 'otp_verified', type: 'login' } },
          ],
        },
        { guard: 'needsMobile', target: '#onboarding.PROFILE_UPDATE', actions: assign({ method: 'otp' as const }) },
        { target: 'entering', actions: assign(({ event }) => ({ error: outputOf(event)?.message || GENERIC_ERROR })) },
      ],
    }),
  },
  on: backFromLoginFlow,
});
