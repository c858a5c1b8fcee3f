// The onboarding machine's public surface (the page, the services and the model tests import from here).
export { GENERIC_ERROR } from '../../schemas/common.ts';
export { onboardingMachine, type OnboardingMachine } from './machine.ts';
export { initialOnboardingContext, onboardingActors } from './setup.ts';
export {
  type LoginMethod,
  type OnboardingContext,
  type OnboardingEvent,
  type OnboardingServices,
  OTP_NOTICES,
  type ServiceInputs,
  type Step,
  STEPS,
} from './types.ts';
