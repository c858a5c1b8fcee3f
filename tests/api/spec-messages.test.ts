import { createActor } from 'xstate';
import { onboardingActors, onboardingMachine } from '../../machines/onboarding/index.ts';
import {
  GenerateMobileOtpRequest,
  IdentifierSchema,
  OtpVerifyRequest,
  PostProfileRequest,
  RegisterRequest,
  UpdateMobileRequest,
  ValidateRequest,
} from '../../schemas/account.ts';
import { MESSAGES, PasswordSchema } from '../../schemas/validation.ts';
import { DEMO_CUSTOMER } from '../../server/db/seed/seed.ts';
import { describeBackends } from '../helpers/app.ts';
import { ANSWERS, ERRORS, servicesForPath } from '../model/onboarding-model.ts';
import { ipAgent, latestOtp, loginAs, registerCustomer } from './auth-helpers.ts';

// The messages of SPEC §5 (validation) and §8 (errors), copied once, letter for letter, from the product's text.
// Every other test compares with the shared constants (schemas/validation.ts MESSAGES), so a typo there would pass
// them all; these literals are the spec's own words, and each is checked against what the schemas, the sign-in
// forms (the onboarding machine the pages render) and the API actually produce.
const SPEC = {
  email: 'Please enter a valid email',
  emailOrPhone: 'Please enter a valid email or phone number',
  mobile: 'Please enter a 10 digit mobile number',
  mobileEmpty: 'Please enter mobile number.',
  passwordMin: 'Passwords must be at least 6 characters.',
  passwordMax: 'Passwords cannot be more than 50 characters.',
  nameRequired: 'Please enter full name',
  nameMin: 'Name must be at least 3 characters',
  nameMax: 'Maximum length is 50 characters',
  namePattern: 'Numeric value or space not allowed.',
  otpMax: 'Maximum length is 8 characters',
  otpEmpty: 'Please enter OTP',
  otpWrong: 'Entered OTP is Incorrect',
  otpProfileMin: 'OTP should be minimum 4 characters long.',
  otpProfileEmpty: 'Please enter otp',
  emailTaken: 'This Email is already registered with a different account. Please use a different Email.',
  mobileTaken: 'This Mobile number is already registered with a different account. Please use a different Mobile number',
  wrongPassword: 'Password is incorrect, use forgot password to reset it or login with OTP instead.',
  maxAttempts: 'Maximum attempts reached',
} as const;

test('SPEC §5/§8: the shared message constants are the spec words, and no spec message is missing', () => {
  expect(Object.keys(MESSAGES).sort()).toEqual(Object.keys(SPEC).sort());
  for (const [key, words] of Object.entries(SPEC)) expect([key, MESSAGES[key as keyof typeof MESSAGES]]).toEqual([key, words]);
});

/** The first message a request schema gives for `value`, as the API's 400 would say it. */
const firstMessage = (
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } } },
  value: unknown,
) => schema.safeParse(value).error?.issues[0]?.message ?? null;

const register = (fields: Record<string, unknown>) => ({
  email: 'asha.new@kasrat.test',
  mobile: '9000000003',
  c_code: '+91',
  password: 'Secret@1',
  otp: '123456',
  first_name: 'Asha Rao',
  ...fields,
});

test.each<[string, unknown, unknown, string]>([
  ['the combined email-or-phone field: neither', IdentifierSchema, 'asha@', SPEC.emailOrPhone],
  ['the combined email-or-phone field: 9 digits', IdentifierSchema, '912345678', SPEC.emailOrPhone],
  ['email', ValidateRequest, { email: 'asha@kasrat', mobile: '9000000003', c_code: '+91' }, SPEC.email],
  ['email with an emoji', ValidateRequest, { email: 'asha😀@kasrat.test', mobile: '9000000003', c_code: '+91' }, SPEC.email],
  ['mobile: not 10 digits', ValidateRequest, { email: 'a@b.co', mobile: '90000', c_code: '+91' }, SPEC.mobile],
  ['profile mobile empty', GenerateMobileOtpRequest, { new_mobile: '', c_code: '+91' }, SPEC.mobileEmpty],
  ['password under 6', PasswordSchema, 'abc12', SPEC.passwordMin],
  // The API reads a password over 50 after decrypting it (the cipher text is longer): the API case below.
  ['password over 50', PasswordSchema, 'x'.repeat(51), SPEC.passwordMax],
  ['full name empty', RegisterRequest, register({ first_name: '' }), SPEC.nameRequired],
  ['full name under 3', RegisterRequest, register({ first_name: 'Al' }), SPEC.nameMin],
  ['full name over 50', RegisterRequest, register({ first_name: 'A'.repeat(51) }), SPEC.nameMax],
  ['full name with a digit', RegisterRequest, register({ first_name: 'Agent 7' }), SPEC.namePattern],
  ['profile name with a digit', PostProfileRequest, { first_name: 'Asha 2' }, SPEC.namePattern],
  ['OTP empty', OtpVerifyRequest, { type: 'forgotPassword', email_or_mobile: '9876543210', otp: '' }, SPEC.otpEmpty],
  ['OTP over 8', OtpVerifyRequest, { type: 'forgotPassword', email_or_mobile: '9876543210', otp: '123456789' }, SPEC.otpMax],
  ['OTP not digits', OtpVerifyRequest, { type: 'forgotPassword', email_or_mobile: '9876543210', otp: '12ab' }, SPEC.otpWrong],
  ['profile OTP empty', UpdateMobileRequest, { new_mobile: '9000000004', c_code: '+91', otp: '' }, SPEC.otpProfileEmpty],
  ['profile OTP under 4', UpdateMobileRequest, { new_mobile: '9000000004', c_code: '+91', otp: '123' }, SPEC.otpProfileMin],
])('SPEC §5 schema: %s → the spec message', (_rule, schema, value, words) => {
  expect(firstMessage(schema as never, value)).toBe(words);
});

// The sign-in forms: the pages render the onboarding machine's `error`, so its messages are what a shopper reads.
type Step = { type: string; value?: string; output?: unknown; error?: unknown };
const u = (type: string, value?: string): Step => (value === undefined ? { type } : { type, value });
const done = (id: string, output: unknown): Step => ({ type: `xstate.done.actor.${id}`, output });
const fail = (id: string, error: unknown): Step => ({ type: `xstate.error.actor.${id}`, error });

const known = [u('EDIT_IDENTIFIER', 'asha@kasrat.test'), u('SUBMIT'), done('checkExists', ANSWERS.exists)];
const stranger = [u('EDIT_IDENTIFIER', 'asha@kasrat.test'), u('SUBMIT'), done('checkExists', ANSWERS.stranger)];
const registerForm = [
  ...stranger,
  u('EDIT_PHONE', '9123456789'),
  u('SUBMIT'),
  done('validateUser', ANSWERS.verified),
  done('sendOtp', ANSWERS.sent),
];
const profileStep = [...known, u('EDIT_PASSWORD', 'Secret@123'), u('SUBMIT'), done('loginWithPassword', ANSWERS.noMobile)];
const profileOtp = [
  ...profileStep,
  u('EDIT_PHONE', '9123456789'),
  u('SUBMIT'),
  done('checkMobile', ANSWERS.stranger),
  done('sendOtp', ANSWERS.sent),
];

async function formMessage(moves: Step[]): Promise<string | null> {
  const { services } = servicesForPath(moves.map((event) => ({ event })));
  const actor = createActor(
    onboardingMachine.provide({ actors: onboardingActors(services), actions: { report: () => {}, signedIn: () => {} } }),
    { input: {} },
  ).start();
  for (const event of moves) {
    if (!event.type.startsWith('xstate.')) actor.send(event as never);
    for (let i = 0; i < 10; i++) await Promise.resolve();
  }
  const message = actor.getSnapshot().context.error;
  actor.stop();
  return message;
}

test.each<[string, Step[], string]>([
  ['the combined field, neither an email nor a phone', [u('EDIT_IDENTIFIER', 'asha@kasrat'), u('SUBMIT')], SPEC.emailOrPhone],
  ['sign-in with no password', [...known, u('SUBMIT')], SPEC.passwordMin],
  ['OTP sign-in with no OTP', [...known, u('USE_OTP'), done('sendOtp', ANSWERS.sent), u('SUBMIT')], SPEC.otpEmpty],
  [
    'registration, a bad email',
    [u('EDIT_IDENTIFIER', '9123456789'), u('SUBMIT'), done('checkExists', ANSWERS.stranger), u('EDIT_EMAIL', 'asha@x'), u('SUBMIT')],
    SPEC.email,
  ],
  ['registration, a short mobile', [...stranger, u('EDIT_PHONE', '91234'), u('SUBMIT')], SPEC.mobile],
  [
    'registration, a taken mobile (the server says so)',
    [...stranger, u('EDIT_PHONE', '9123456789'), u('SUBMIT'), fail('validateUser', ERRORS.taken)],
    SPEC.mobileTaken,
  ],
  ['registration, no OTP', [...registerForm, u('EDIT_NAME', 'Asha Rao'), u('EDIT_PASSWORD', 'Secret@1'), u('SUBMIT')], SPEC.otpEmpty],
  ['registration, no name', [...registerForm, u('EDIT_OTP', '123456'), u('EDIT_PASSWORD', 'Secret@1'), u('SUBMIT')], SPEC.nameRequired],
  ['registration, a name under 3', [...registerForm, u('EDIT_OTP', '123456'), u('EDIT_NAME', 'Al'), u('SUBMIT')], SPEC.nameMin],
  ['registration, a name with digits', [...registerForm, u('EDIT_OTP', '123456'), u('EDIT_NAME', 'Asha 2'), u('SUBMIT')], SPEC.namePattern],
  [
    'registration, a short password',
    [...registerForm, u('EDIT_OTP', '123456'), u('EDIT_NAME', 'Asha Rao'), u('EDIT_PASSWORD', 'ab c'), u('SUBMIT')],
    SPEC.passwordMin,
  ],
  ['profile completion, no mobile', [...profileStep, u('SUBMIT')], SPEC.mobileEmpty],
  ['profile completion, a short mobile', [...profileStep, u('EDIT_PHONE', '912'), u('SUBMIT')], SPEC.mobile],
  ['profile completion, no OTP', [...profileOtp, u('SUBMIT')], SPEC.otpProfileEmpty],
  ['profile completion, an OTP under 4', [...profileOtp, u('EDIT_OTP', '123'), u('SUBMIT')], SPEC.otpProfileMin],
  [
    'forgot password, a short new password',
    [
      ...known,
      u('FORGOT'),
      done('sendOtp', ANSWERS.sent),
      u('EDIT_OTP', '123456'),
      u('SUBMIT'),
      done('verifyOtp', ANSWERS.verified),
      u('EDIT_NEW_PASSWORD', 'abc'),
      u('SUBMIT'),
    ],
    SPEC.passwordMin,
  ],
])('SPEC §5 sign-in form: %s → the spec message', async (_rule, moves, words) => {
  expect(await formMessage(moves)).toBe(words);
});

describeBackends('SPEC §5/§8 messages as the API answers them', (ctx) => {
  const post = (url: string, payload: object) =>
    ctx().app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': '10.252.0.1' } });

  test.each<[string, string, object, string]>([
    ['combined field', '/api/auth/exists', { email_or_mobile: 'asha@kasrat', c_code: '+91' }, SPEC.emailOrPhone],
    ['email', '/api/auth/validate', { email: 'asha@kasrat', mobile: '9000000003', c_code: '+91' }, SPEC.email],
    ['mobile', '/api/auth/validate', { email: 'a@b.co', mobile: '90000', c_code: '+91' }, SPEC.mobile],
    ['OTP empty', '/api/auth/otp/verify', { type: 'forgotPassword', email_or_mobile: '9876543210', otp: '' }, SPEC.otpEmpty],
    ['OTP over 8', '/api/auth/otp/verify', { type: 'forgotPassword', email_or_mobile: '9876543210', otp: '123456789' }, SPEC.otpMax],
    ['password under 6', '/api/auth/register', register({ password: 'abc' }), SPEC.passwordMin],
    ['password over 50', '/api/auth/register', register({ password: 'x'.repeat(51) }), SPEC.passwordMax],
    ['name empty', '/api/auth/register', register({ first_name: '' }), SPEC.nameRequired],
    ['name under 3', '/api/auth/register', register({ first_name: 'Al' }), SPEC.nameMin],
    ['name over 50', '/api/auth/register', register({ first_name: 'A'.repeat(51) }), SPEC.nameMax],
    ['name letters and spaces only', '/api/auth/register', register({ first_name: 'Agent 007' }), SPEC.namePattern],
  ])('%s: 400 with the spec words', async (_rule, url, payload, words) => {
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 0, message: words });
  });

  test('the two "already registered" messages, and a wrong password', async () => {
    const a = ipAgent(ctx());
    const email = await a.post('/api/auth/validate', { email: DEMO_CUSTOMER.email, mobile: '9000000005', c_code: '+91' });
    expect(email.json()).toMatchObject({ status: 0, message: SPEC.emailTaken });
    const mobile = await a.post('/api/auth/validate', { email: 'free.one@kasrat.test', mobile: DEMO_CUSTOMER.mobile, c_code: '+91' });
    expect(mobile.json()).toMatchObject({ status: 0, message: SPEC.mobileTaken });
    const wrong = await loginAs(ipAgent(ctx()), DEMO_CUSTOMER.email, 'Not-the-password1');
    expect(wrong.json()).toMatchObject({ status: 0, message: SPEC.wrongPassword });
  });

  test('a wrong OTP, and the profile step: mobile empty, OTP empty, OTP under 4', async () => {
    const a = ipAgent(ctx());
    const who = { email_or_mobile: DEMO_CUSTOMER.mobile, c_code: '+91' };
    expect((await a.post('/api/auth/otp', { type: 'forgotPassword', ...who })).statusCode).toBe(200);
    const sent = await latestOtp(ctx(), DEMO_CUSTOMER.mobile);
    const wrong = sent === '111111' ? '222222' : '111111';
    const wrongOtp = await a.post('/api/auth/otp/verify', { type: 'forgotPassword', ...who, otp: wrong });
    expect(wrongOtp.json()).toMatchObject({ status: 0, message: SPEC.otpWrong });

    const customer = ipAgent(ctx());
    await registerCustomer(ctx(), customer);
    const empty = await customer.post('/api/myAccount/generate-otp-for-mobile', { new_mobile: '', c_code: '+91' });
    expect(empty.json()).toMatchObject({ status: 0, message: SPEC.mobileEmpty });
    const noOtp = await customer.post('/api/myAccount/update-mobile', { new_mobile: '9000000006', c_code: '+91', otp: '' });
    expect(noOtp.json()).toMatchObject({ status: 0, message: SPEC.otpProfileEmpty });
    const shortOtp = await customer.post('/api/myAccount/update-mobile', { new_mobile: '9000000006', c_code: '+91', otp: '123' });
    expect(shortOtp.json()).toMatchObject({ status: 0, message: SPEC.otpProfileMin });
  });
});
