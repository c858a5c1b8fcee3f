import { createActor } from 'xstate';
import { onboardingActors, onboardingMachine } from '../../machines/onboarding/index.ts';
import { SERVICE_EVENTS, servicesForPath, stepOf, USER_EVENTS } from './onboarding-model.ts';

// The sign-in steps' transitions, written by hand from SPEC §4.1 rather than generated from the machine: each row
// is a shopper's moves and the services' answers, and the step SPEC §4.1 says they end on. The path tests
// (onboarding.test.ts) replay what the machine does; these say what it must do, so a transition whose target is
// swapped in the machine fails here.

type Move = (typeof USER_EVENTS)[number] | (typeof SERVICE_EVENTS)[number];
const user = (type: string, value?: string): Move => {
  const found = USER_EVENTS.find((e) => e.type === type && (value === undefined || ('value' in e && e.value === value)));
  if (!found) throw new Error(`no user event ${type} ${value ?? ''}`);
  return found;
};
const answer = (service: string, label: string): Move => {
  const found = SERVICE_EVENTS.find(
    (e) => (e as { type: string }).type.endsWith(`.${service}`) && (e as { label: string }).label === label,
  );
  if (!found) throw new Error(`no answer ${service} → ${label}`);
  return found;
};

const EMAIL = user('EDIT_IDENTIFIER', 'asha@kasrat.test');
const SUBMIT = user('SUBMIT');
/** An email that exists: the exists check says status 1. */
const known = [EMAIL, SUBMIT, answer('checkExists', 'exists')];
const withPassword = [...known, user('EDIT_PASSWORD', 'Secret@123'), SUBMIT];
const withOtp = [...known, user('USE_OTP'), answer('sendOtp', 'sent'), user('EDIT_OTP', '123456'), SUBMIT];
const google = [user('GOOGLE_TOKEN')];
const stranger = [EMAIL, SUBMIT, answer('checkExists', 'stranger')];
/** A stranger's registration up to the OTP, full name and password step (SPEC §4.1: validate first, then the OTP step). */
const registering = [
  ...stranger,
  user('EDIT_PHONE', '9123456789'),
  SUBMIT,
  answer('validateUser', 'verified'),
  answer('sendOtp', 'sent'),
  user('EDIT_OTP', '123456'),
  user('EDIT_NAME', 'Asha Rao'),
  user('EDIT_PASSWORD', 'Secret@123'),
  SUBMIT,
];
const forgot = [...known, user('FORGOT'), answer('sendOtp', 'sent'), user('EDIT_OTP', '123456'), SUBMIT, answer('verifyOtp', 'verified')];

const RULES: Array<[rule: string, moves: Move[], step: string]> = [
  ['the exists check, status 1 → LOGIN', known, 'LOGIN'],
  ['the exists check, status 0 → REGISTER', stranger, 'REGISTER'],
  [
    'a blocked customer cannot press Continue: stays on MY_ACCOUNT',
    [EMAIL, SUBMIT, answer('checkExists', 'blocked'), SUBMIT],
    'MY_ACCOUNT',
  ],
  ['password sign-in, status 1 with a mobile → signed in', [...withPassword, answer('loginWithPassword', 'signedIn')], 'SIGNED_IN'],
  [
    'password sign-in, status 1 without a mobile → PROFILE_UPDATE',
    [...withPassword, answer('loginWithPassword', 'noMobile')],
    'PROFILE_UPDATE',
  ],
  ['password sign-in refused → an error on LOGIN', [...withPassword, answer('loginWithPassword', 'wrongPassword')], 'LOGIN'],
  ['sign in with an OTP instead → LOGIN_WITH_OTP', [...known, user('USE_OTP')], 'LOGIN_WITH_OTP'],
  ['OTP sign-in, status 1 with a mobile → signed in', [...withOtp, answer('loginWithOtp', 'signedIn')], 'SIGNED_IN'],
  ['OTP sign-in, status 1 without a mobile → PROFILE_UPDATE', [...withOtp, answer('loginWithOtp', 'noMobile')], 'PROFILE_UPDATE'],
  ['OTP sign-in refused → an error on LOGIN_WITH_OTP', [...withOtp, answer('loginWithOtp', 'wrongOtp')], 'LOGIN_WITH_OTP'],
  ['back to the password from the OTP step → LOGIN', [...known, user('USE_OTP'), user('USE_PASSWORD')], 'LOGIN'],
  ['change the email or mobile → MY_ACCOUNT', [...known, user('USE_OTP'), user('CHANGE')], 'MY_ACCOUNT'],
  ['forgot password → FORGET_PASSWORD', [...known, user('FORGOT')], 'FORGET_PASSWORD'],
  [
    'forgot password: OTP verified, new password set → signed in',
    [...forgot, user('EDIT_NEW_PASSWORD', 'Fresh@123'), SUBMIT, answer('resetPassword', 'signedIn')],
    'SIGNED_IN',
  ],
  [
    'register: the user validated, OTP, name and password, status 1 → signed in',
    [...registering, answer('register', 'signedIn')],
    'SIGNED_IN',
  ],
  [
    'register: the validation refuses (email or mobile taken) → an error on REGISTER',
    [...stranger, user('EDIT_PHONE', '9123456789'), SUBMIT, answer('validateUser', 'taken')],
    'REGISTER',
  ],
  ['register refused (a wrong OTP) → an error on REGISTER', [...registering, answer('register', 'wrongOtp')], 'REGISTER'],
  ['Google → LOGIN_WITH_GOOGLE', [user('GOOGLE')], 'LOGIN_WITH_GOOGLE'],
  ['Google, status 1 with a mobile → signed in', [...google, answer('loginWithGoogle', 'signedIn')], 'SIGNED_IN'],
  ['Google, status 1 without a mobile → PROFILE_UPDATE', [...google, answer('loginWithGoogle', 'noMobile')], 'PROFILE_UPDATE'],
  ['Google, anything else → REGISTER', [...google, answer('loginWithGoogle', 'googleNew')], 'REGISTER'],
];

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

test.each(RULES)('SPEC §4.1: %s', async (_rule, moves, step) => {
  const steps = moves.map((event) => ({ event: event as { type: string; output?: unknown; error?: unknown } }));
  const { services, unanswered } = servicesForPath(steps);
  const actor = createActor(
    onboardingMachine.provide({ actors: onboardingActors(services), actions: { report: () => {}, signedIn: () => {} } }),
    {
      input: {},
    },
  ).start();
  for (const { event } of steps) {
    if (!event.type.startsWith('xstate.')) actor.send(event as never);
    await flush();
  }
  expect(stepOf(actor.getSnapshot().value)).toBe(step);
  // Every answer in the row was asked for: the row took the way it describes.
  expect(unanswered()).toBe(0);
  actor.stop();
});
