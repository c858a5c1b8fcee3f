// Sign-in and registration (SPEC §4 onboarding steps), holding the login/register form state of SPEC §3.
// Every call is an injected actor (machine.provide), so the page supplies the API and tests supply answers.
// One file per sub-flow; states that wait on the server carry the 'busy' tag.
import { assign } from 'xstate';
import { normaliseEmailInput } from '../../schemas/validation.ts';
import { initialOnboardingContext, onboardingSetup } from './setup.ts';
import { myAccountFlow } from './my-account.ts';
import { loginFlow } from './login.ts';
import { loginWithOtpFlow } from './login-with-otp.ts';
import { registerFlow } from './register.ts';
import { forgetPasswordFlow } from './forget-password.ts';
import { profileUpdateFlow } from './profile-update.ts';
import { googleFlow } from './google.ts';
import { signedInFlow } from './signed-in.ts';

export const onboardingMachine = onboardingSetup.createMachine({
  id: 'onboarding',
  context: ({ input }) => initialOnboardingContext(input),
  initial: 'MY_ACCOUNT',
  on: {
    // Back from the identity provider: whatever step the page started in, verify the token.
    GOOGLE_TOKEN: {
      target: '.LOGIN_WITH_GOOGLE.verifying',
      actions: assign(({ event }) => ({
        googleToken: event.idToken,
        email: normaliseEmailInput(event.email),
        activeInputField: 'email' as const,
      })),
    },
    DISMISS: { actions: 'clearMessages' },
  },
  states: {
    MY_ACCOUNT: myAccountFlow,
    LOGIN: loginFlow,
    LOGIN_WITH_OTP: loginWithOtpFlow,
    REGISTER: registerFlow,
    FORGET_PASSWORD: forgetPasswordFlow,
    PROFILE_UPDATE: profileUpdateFlow,
    LOGIN_WITH_GOOGLE: googleFlow,
    SIGNED_IN: signedInFlow,
  },
});

export type OnboardingMachine = typeof onboardingMachine;
