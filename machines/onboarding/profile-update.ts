import { assign } from 'xstate';
import { GENERIC_ERROR } from '../../schemas/common.ts';
import { firstError, MESSAGES, normalisePhoneInput, ProfileOtpSchema } from '../../schemas/validation.ts';
import type { Step } from './types.ts';
import { errorOf, onboardingSetup, otpFlow, outputOf } from './setup.ts';

// SPEC §4: check the mobile, send the OTP, verify it, reload.
export const profileUpdateFlow = onboardingSetup.createStateConfig({
  entry: [{ type: 'enterStep', params: 'PROFILE_UPDATE' as Step }, assign({ otpValue: '', phone: '', maxAttempts: null })],
  initial: 'mobile',
  states: {
    mobile: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            EDIT_PHONE: { actions: assign(({ event }) => ({ phone: normalisePhoneInput(event.value), error: null })) },
            SELECT_COUNTRY: {
              actions: assign(({ event }) => ({ country: { selected_code: event.code, selected_country: event.iso } })),
            },
            SUBMIT: [
              { guard: 'mobileValid', target: 'checking' },
              { actions: assign(({ context }) => ({ error: context.phone ? MESSAGES.mobile : MESSAGES.mobileEmpty })) },
            ],
          },
        },
        checking: {
          tags: ['busy'],
          invoke: {
            id: 'checkMobile',
            src: 'checkMobile',
            input: ({ context }) => ({ identifier: context.phone, c_code: context.country.selected_code }),
            onDone: [
              { guard: 'exists', target: 'idle', actions: assign({ error: MESSAGES.mobileTaken }) },
              { target: '#onboarding.PROFILE_UPDATE.sending' },
            ],
            onError: { target: 'idle', actions: assign({ error: errorOf }) },
          },
        },
      },
    },
    ...otpFlow({
      type: 'profile',
      to: 'phone',
      sendFailedTarget: 'mobile',
      container: 'otp',
      entering: {
        SUBMIT: [
          { guard: 'profileOtpValid', target: 'verifying' },
          { actions: assign(({ context }) => ({ error: firstError(ProfileOtpSchema, context.otpValue) })) },
        ],
        CHANGE: { target: '#onboarding.PROFILE_UPDATE.mobile', actions: 'clearMessages' },
      },
      verify: {
        state: 'verifying',
        invoke: {
          id: 'verifyOtp',
          src: 'verifyOtp',
          input: ({ context }) => ({
            type: 'profile' as const,
            identifier: context.phone,
            c_code: context.country.selected_code,
            otp: context.otpValue,
          }),
          onDone: [
            {
              guard: 'signedInWithMobile',
              target: '#onboarding.SIGNED_IN',
              actions: [
                { type: 'keepSignIn', params: null },
                { type: 'report', params: { name: 'otp_verified', type: 'profile' } },
                { type: 'report', params: { name: 'profile_completed' } },
              ],
            },
            { target: 'entering', actions: assign(({ event }) => ({ error: outputOf(event)?.message || GENERIC_ERROR })) },
          ],
        },
      },
      failed: (reason) => ({ name: 'otp_failed', type: 'profile', reason }),
    }),
  },
});
