import { assign, enqueueActions } from 'xstate';
import { identifierTypeOf, onboardingSetup } from './setup.ts';

export const signedInFlow = onboardingSetup.createStateConfig({
  type: 'final',
  entry: [
    assign({ reload: true, error: null }),
    enqueueActions(({ context, enqueue }) => {
      if (!context.registered)
        enqueue({
          type: 'report',
          params: { name: 'user_login', method: context.method ?? 'password', identifier_type: identifierTypeOf(context) },
        });
    }),
    'signedIn',
  ],
});
