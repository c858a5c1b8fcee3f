import type { OnboardingServices } from '../../../machines/onboarding/index.ts';
import { authApi } from './api.ts';
import { startGoogleSignIn } from './google.ts';

/** The onboarding machine's services over the real API (SPEC §7 onboarding calls under /api/auth). */
export function createOnboardingServices(): OnboardingServices {
  return {
    checkExists: ({ identifier, c_code }) => authApi.exists(identifier, c_code),
    validateUser: ({ email, mobile, c_code }) => authApi.validate(email, mobile, c_code),
    sendOtp: ({ type, identifier, c_code }) => authApi.sendOtp(type, identifier, c_code),
    verifyOtp: ({ type, identifier, c_code, otp }) => authApi.verifyOtp(type, identifier, c_code, otp),
    loginWithPassword: ({ identifier, c_code, password }) => authApi.login(identifier, c_code, password),
    loginWithOtp: ({ identifier, c_code, otp }) => authApi.loginWithOtp(identifier, c_code, otp),
    startGoogle: () => startGoogleSignIn(),
    loginWithGoogle: ({ email, idToken }) => authApi.loginWithGoogle(email, idToken),
    register: (input) => authApi.register(input),
    resetPassword: ({ identifier, c_code, newPassword, existMobile }) =>
      authApi.resetPassword(identifier, c_code, newPassword, existMobile),
  };
}
