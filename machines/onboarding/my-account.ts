import { assign } from 'xstate';
import { identifierKind, MESSAGES, normaliseIdentifierInput } from '../../schemas/validation.ts';
import type { Step } from './types.ts';
import { errorOf, identifierTypeOf, onboardingSetup } from './setup.ts';

export const myAccountFlow = onboardingSetup.createStateConfig({
  entry: { type: 'enterStep', params: 'MY_ACCOUNT' as Step },
  initial: 'idle',
  states: {
    idle: {
      on: {
        EDIT_IDENTIFIER: {
          actions: assign(({ event }) => ({ identifier: normaliseIdentifierInput(event.value), blocked: false, error: null })),
        },
        SELECT_COUNTRY: { actions: assign(({ event }) => ({ country: { selected_code: event.code, selected_country: event.iso } })) },
        SUBMIT: [
          { guard: 'isBlocked' },
          {
            guard: 'identifierValid',
            target: 'checking',
            actions: assign(({ context }) => {
              const kind = identifierKind(context.identifier);
              return {
                activeInputField: kind,
                email: kind === 'email' ? context.identifier : '',
                phone: kind === 'phone' ? context.identifier : '',
                error: null,
              };
            }),
          },
          { actions: assign({ error: MESSAGES.emailOrPhone }) },
        ],
        GOOGLE: { target: '#onboarding.LOGIN_WITH_GOOGLE', actions: 'clearMessages' },
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'checkExists',
        src: 'checkExists',
        input: ({ context }) => ({ identifier: context.identifier, c_code: context.country.selected_code }),
        onDone: [
          {
            guard: 'existsBlocked',
            target: 'idle',
            actions: [
              assign({ blocked: true }),
              {
                type: 'report',
                params: ({ context }) => ({
                  name: 'login_identifier_submitted',
                  identifier_type: identifierTypeOf(context),
                  exists: true,
                }),
              },
            ],
          },
          {
            guard: 'exists',
            target: '#onboarding.LOGIN',
            actions: {
              type: 'report',
              params: ({ context }) => ({
                name: 'login_identifier_submitted',
                identifier_type: identifierTypeOf(context),
                exists: true,
              }),
            },
          },
          {
            target: '#onboarding.REGISTER',
            actions: {
              type: 'report',
              params: ({ context }) => ({
                name: 'login_identifier_submitted',
                identifier_type: identifierTypeOf(context),
                exists: false,
              }),
            },
          },
        ],
        onError: { target: 'idle', actions: assign({ error: errorOf }) },
      },
    },
  },
});
