import { assign } from 'xstate';
import { GENERIC_ERROR } from '../../schemas/common.ts';
import { CONSENT_TEXT_VERSION } from '../../schemas/consent-rules.ts';
import {
  firstError,
  FullNameSchema,
  isValidEmail,
  MESSAGES,
  normaliseEmailInput,
  normalisePhoneInput,
  OtpSchema,
  PasswordSchema,
  stripSpaces,
} from '../../schemas/validation.ts';
import type { Step } from './types.ts';
import { errorOf, identifierTypeOf, onboardingSetup, otpFlow, outputOf, signedInUser } from './setup.ts';

export const registerFlow = onboardingSetup.createStateConfig({
  entry: [{ type: 'enterStep', params: 'REGISTER' as Step }, assign({ otpValue: '', password: '', maxAttempts: null })],
  initial: 'details',
  states: {
    details: {
      on: {
        // The identifier the shopper started with (or Google's email) stays locked; they give the other one.
        EDIT_EMAIL: {
          guard: ({ context }) => context.activeInputField !== 'email',
          actions: assign(({ event }) => ({ email: normaliseEmailInput(event.value), error: null })),
        },
        EDIT_PHONE: {
          guard: ({ context }) => context.activeInputField !== 'phone',
          actions: assign(({ event }) => ({ phone: normalisePhoneInput(event.value), error: null })),
        },
        SELECT_COUNTRY: { actions: assign(({ event }) => ({ country: { selected_code: event.code, selected_country: event.iso } })) },
        TOGGLE_OPT_IN: { actions: assign(({ context }) => ({ optIn: !context.optIn })) },
        SUBMIT: [
          { guard: 'registerDetailsValid', target: 'validating' },
          { actions: assign(({ context }) => ({ error: isValidEmail(context.email) ? MESSAGES.mobile : MESSAGES.email })) },
        ],
      },
    },
    validating: {
      tags: ['busy'],
      invoke: {
        id: 'validateUser',
        src: 'validateUser',
        input: ({ context }) => ({ email: context.email, mobile: context.phone, c_code: context.country.selected_code }),
        onDone: [
          { guard: 'verified', target: 'sending' },
          { target: 'details', actions: assign(({ event }) => ({ error: outputOf(event)?.message || GENERIC_ERROR })) },
        ],
        onError: {
          target: 'details',
          actions: [
            assign({ error: errorOf }),
            { type: 'report', params: ({ event }) => ({ name: 'register_failed', reason: errorOf({ event }) }) },
          ],
        },
      },
    },
    // SPEC §4: once validated, the OTP, full name and password appear.
    ...otpFlow({
      type: 'register',
      to: 'phone',
      sendFailedTarget: 'details',
      container: 'form',
      entering: {
        EDIT_NAME: { actions: assign(({ event }) => ({ fullName: event.value.slice(0, 50), error: null })) },
        // SPEC §5: spaces are stripped from the password on register. A Google sign-up has no password.
        EDIT_PASSWORD: {
          guard: ({ context }) => context.googleToken === null,
          actions: assign(({ event }) => ({ password: stripSpaces(event.value).slice(0, 50), error: null })),
        },
        TOGGLE_OPT_IN: { actions: assign(({ context }) => ({ optIn: !context.optIn })) },
        SUBMIT: [
          { guard: 'registerFormValid', target: 'registering' },
          {
            actions: assign(({ context }) => ({
              error:
                firstError(OtpSchema, context.otpValue) ??
                firstError(FullNameSchema, context.fullName.trim()) ??
                (context.googleToken ? null : firstError(PasswordSchema, context.password)),
            })),
          },
        ],
      },
      verify: {
        state: 'registering',
        invoke: {
          id: 'register',
          src: 'register',
          input: ({ context }) => ({
            email: context.email,
            mobile: context.phone,
            c_code: context.country.selected_code,
            password: context.password ? context.password : null,
            otp: context.otpValue,
            opt_in: context.optIn,
            // SPEC §4.8: the consent is recorded with the version of the text the box showed.
            opt_in_text_version: CONSENT_TEXT_VERSION.marketing,
            first_name: context.fullName.trim(),
            email_fetched_from_google: context.emailFetchedFromGoogle,
            google_token: context.googleToken,
            referrer: context.referrer,
          }),
          onDone: [
            {
              guard: 'signedInWithMobile',
              target: '#onboarding.SIGNED_IN',
              actions: [
                assign(({ event, context }) => ({
                  user: signedInUser(event),
                  registered: true,
                  method: context.googleToken ? ('google' as const) : ('otp' as const),
                })),
                { type: 'report', params: { name: 'otp_verified', type: 'register' } },
                {
                  type: 'report',
                  params: ({ context }) => ({
                    name: 'user_register',
                    method: context.googleToken ? 'google' : 'otp',
                    identifier_type: identifierTypeOf(context),
                    opt_in: context.optIn,
                  }),
                },
              ],
            },
            { target: 'entering', actions: assign(({ event }) => ({ error: outputOf(event)?.message || GENERIC_ERROR })) },
          ],
        },
      },
      failed: (reason) => ({ name: 'register_failed', reason }),
    }),
  },
  on: {
    CHANGE: {
      target: '#onboarding.MY_ACCOUNT',
      actions: ['clearMessages', assign({ googleToken: null, emailFetchedFromGoogle: false })],
    },
  },
});
