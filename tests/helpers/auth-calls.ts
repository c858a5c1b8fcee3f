/** Every onboarding call under /api/auth (SPEC §7), for the suites that send each of them bad input. */
export const ONBOARDING_CALLS: Array<['POST' | 'PUT', string]> = [
  ['POST', '/api/auth/exists'],
  ['POST', '/api/auth/validate'],
  ['POST', '/api/auth/otp'],
  ['POST', '/api/auth/otp/verify'],
  ['POST', '/api/auth/otp/login'],
  ['POST', '/api/auth/login'],
  ['POST', '/api/auth/login/google'],
  ['POST', '/api/auth/register'],
  ['PUT', '/api/auth/password'],
];
