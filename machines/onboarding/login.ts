import { assign } from 'xstate';
import { GENERIC_ERROR } from '../../schemas/common.ts';
import { MESSAGES } from '../../schemas/validation.ts';
import type { Step } from './types.ts';
import { errorOf, identifierTypeOf, onboardingSetup, outputOf } from './setup.ts';

export const loginFlow = onboardingSetup.createStateConfig({
  entry: [{ type: 'enterStep', params: 'LOGIN' as Step }, assign({ password: '', otpValue: '' })],
  initial: 'idle',
  states: {
    idle: {
      on: {
        EDIT_PASSWORD: { actions: assign(({ event }) => ({ password: event.value.slice(0, 50), error: null })) },
        SUBMIT: [{ guard: 'passwordEntered', target: 'submitting' }, { actions: assign({ error: MESSAGES.passwordMin }) }],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'loginWithPassword',
        src: 'loginWithPassword',
        input: ({ context }) => ({ identifier: context.identifier, c_code: context.country.selected_code, password: context.password }),
        onDone: [
          {
            guard: 'signedInWithMobile',
            target: '#onboarding.SIGNED_IN',
            actions: { type: 'keepSignIn', params: 'password' },
          },
          { guard: 'needsMobile', target: '#onboarding.PROFILE_UPDATE', actions: assign({ method: 'password' as const }) },
          { target: 'idle', actions: assign(({ event }) => ({ error: outputOf(event)?.message || GENERIC_ERROR })) },
        ],
        onError: {
          target: 'idle',
          actions: [
            assign({ error: errorOf }),
            {
              type: 'report',
              params: ({ event }) => ({ name: 'login_failed', method: 'password', reason: errorOf({ event }).slice(0, 500) }),
            },
          ],
        },
      },
    },
  },
  on: {
    CHANGE: { target: '#onboarding.MY_ACCOUNT', actions: 'clearMessages' },
    USE_OTP: { target: '#onboarding.LOGIN_WITH_OTP', actions: 'clearMessages' },
    FORGOT: {
      target: '#onboarding.FORGET_PASSWORD',
      actions: [
        'clearMessages',
        {
          type: 'report',
          params: ({ context }) => ({ name: 'forgot_password_requested', identifier_type: identifierTypeOf(context) }),
        },
      ],
    },
    GOOGLE: { target: '#onboarding.LOGIN_WITH_GOOGLE', actions: 'clearMessages' },
  },
});
