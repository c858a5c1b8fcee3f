import { assign } from 'xstate';
import { GENERIC_ERROR } from '../../schemas/common.ts';
import { firstError, MESSAGES, PasswordSchema } from '../../schemas/validation.ts';
import { OTP_NOTICES, type Step } from './types.ts';
import { backFromLoginFlow, errorOf, identifierOtpFlow, onboardingSetup, outputOf, signedInUser } from './setup.ts';

export const forgetPasswordFlow = onboardingSetup.createStateConfig({
  entry: [{ type: 'enterStep', params: 'FORGET_PASSWORD' as Step }, assign({ otpValue: '', newPassword: '', maxAttempts: null })],
  initial: 'sending',
  states: {
    ...identifierOtpFlow('forgotPassword', {
      id: 'verifyOtp',
      src: 'verifyOtp',
      input: ({ context }) => ({
        type: 'forgotPassword' as const,
        identifier: context.identifier,
        c_code: context.country.selected_code,
        otp: context.otpValue,
      }),
      onDone: [
        // SPEC §4: verified when status is 1, with a prompt to create a new password.
        {
          guard: 'verified',
          target: '#onboarding.FORGET_PASSWORD.newPassword',
          actions: [
            assign({ notice: OTP_NOTICES.verified, error: null }),
            { type: 'report', params: { name: 'otp_verified', type: 'forgotPassword' } },
          ],
        },
        { target: 'entering', actions: assign(({ event }) => ({ error: outputOf(event)?.message || MESSAGES.otpWrong })) },
      ],
    }),
    newPassword: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            EDIT_NEW_PASSWORD: { actions: assign(({ event }) => ({ newPassword: event.value.slice(0, 50), error: null })) },
            SUBMIT: [
              { guard: 'newPasswordValid', target: 'saving' },
              { actions: assign(({ context }) => ({ error: firstError(PasswordSchema, context.newPassword) })) },
            ],
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'resetPassword',
            src: 'resetPassword',
            input: ({ context }) => ({
              identifier: context.identifier,
              c_code: context.country.selected_code,
              newPassword: context.newPassword,
              existMobile: context.activeInputField === 'phone',
            }),
            onDone: [
              {
                guard: 'signedInWithMobile',
                target: '#onboarding.SIGNED_IN',
                actions: [
                  assign(({ event }) => ({ user: signedInUser(event), method: 'password' as const })),
                  { type: 'report', params: { name: 'password_reset' } },
                ],
              },
              {
                guard: 'needsMobile',
                target: '#onboarding.PROFILE_UPDATE',
                actions: [assign({ method: 'password' as const }), { type: 'report', params: { name: 'password_reset' } }],
              },
              { target: 'idle', actions: assign(({ event }) => ({ error: outputOf(event)?.message || GENERIC_ERROR })) },
            ],
            onError: { target: 'idle', actions: assign({ error: errorOf }) },
          },
        },
      },
    },
  },
  on: backFromLoginFlow,
});
