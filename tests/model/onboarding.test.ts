import { createActor } from 'xstate';
import { CatalogueEvent } from '../../events/index.ts';
import { onboardingActors, onboardingMachine } from '../../machines/onboarding/index.ts';
import { MESSAGES } from '../../schemas/validation.ts';
import { ANSWERS, describePath, isServiceStep, onboardingPaths, servicesForPath, stepOf, USER } from './onboarding-model.ts';

// Every shortest path of the onboarding machine (generated with @xstate/graph), replayed on a real actor whose
// services answer what the path says. The same paths drive the login page in onboarding-page.test.tsx.

const paths = onboardingPaths();
const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

function start(services: ReturnType<typeof servicesForPath>['services']) {
  const reported: unknown[] = [];
  const signedIn = vi.fn();
  const actor = createActor(
    onboardingMachine.provide({
      actors: onboardingActors(services),
      actions: {
        report: (_, e) => {
          // Every reported event must be a valid catalogue event (the bus would refuse it otherwise).
          expect(CatalogueEvent.safeParse(e).success, JSON.stringify(e)).toBe(true);
          reported.push(e);
        },
        signedIn,
      },
    }),
    { input: {} },
  ).start();
  return { actor, reported, signedIn };
}

describe('onboarding machine: every shortest path', () => {
  test('the model reaches every step of SPEC §4 and the signed-in end', () => {
    const steps = new Set(paths.map((p) => stepOf(p.state.value)));
    expect([...steps].sort()).toEqual([
      'FORGET_PASSWORD',
      'LOGIN',
      'LOGIN_WITH_GOOGLE',
      'LOGIN_WITH_OTP',
      'MY_ACCOUNT',
      'PROFILE_UPDATE',
      'REGISTER',
      'SIGNED_IN',
    ]);
    expect(paths.length).toBeGreaterThan(90);
  });

  test.each(paths.map((p) => [describePath(p.steps) || '(start)', p] as const))('%s', async (_name, path) => {
    const { services, unanswered } = servicesForPath(path.steps);
    const { actor, signedIn } = start(services);
    for (const step of path.steps) {
      if ((step.event.type as string) === 'xstate.init') continue;
      if (!isServiceStep(step.event.type)) actor.send(step.event as never);
      await flush();
    }
    const snap = actor.getSnapshot();
    expect(snap.value).toEqual(path.state.value);
    if (snap.value !== 'SIGNED_IN') expect(snap.context.activeStep).toBe(stepOf(snap.value));
    expect(unanswered()).toBe(0);
    expect(signedIn).toHaveBeenCalledTimes(snap.value === 'SIGNED_IN' ? 1 : 0);
    actor.stop();
  });
});

describe('onboarding machine: SPEC §3 form state and §4 rules', () => {
  test('the form state starts as SPEC §3 says: optIn false (§4.8), country +91 / IN, MY_ACCOUNT', () => {
    const { actor } = start(servicesForPath([]).services);
    expect(actor.getSnapshot().context).toMatchObject({
      activeStep: 'MY_ACCOUNT',
      optIn: false,
      country: { selected_code: '+91', selected_country: 'IN' },
      email: '',
      phone: '',
      password: '',
      otpValue: '',
      newPassword: '',
      reload: false,
    });
  });

  test('a blocked customer cannot Continue until the identifier changes', async () => {
    const { services } = servicesForPath([{ event: { type: 'xstate.done.actor.checkExists', output: ANSWERS.blocked } }]);
    const { actor } = start(services);
    actor.send({ type: 'EDIT_IDENTIFIER', value: '9123456789' });
    actor.send({ type: 'SUBMIT' });
    await flush();
    expect(actor.getSnapshot().context.blocked).toBe(true);
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false);
    actor.send({ type: 'EDIT_IDENTIFIER', value: '9123456788' });
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(true);
  });

  test('input is normalised as SPEC §5 says; an invalid identifier shows the combined message', () => {
    const { actor } = start(servicesForPath([]).services);
    actor.send({ type: 'EDIT_IDENTIFIER', value: ' Asha @Kasrat.TEST' });
    expect(actor.getSnapshot().context.identifier).toBe('asha@kasrat.test');
    actor.send({ type: 'EDIT_IDENTIFIER', value: '98765 43210 99' });
    expect(actor.getSnapshot().context.identifier).toBe('9876543210');
    actor.send({ type: 'EDIT_IDENTIFIER', value: '12345' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error).toBe(MESSAGES.emailOrPhone);
  });

  test('register strips spaces from the password and sends every SPEC field', async () => {
    const steps = [
      { event: { type: 'xstate.done.actor.checkExists', output: ANSWERS.stranger } },
      { event: { type: 'xstate.done.actor.validateUser', output: ANSWERS.verified } },
      { event: { type: 'xstate.done.actor.sendOtp', output: ANSWERS.sent } },
      { event: { type: 'xstate.done.actor.register', output: ANSWERS.signedIn } },
    ];
    const { services, calls } = servicesForPath(steps);
    const { actor, reported } = start(services);
    actor.send({ type: 'EDIT_IDENTIFIER', value: 'asha@kasrat.test' });
    actor.send({ type: 'SUBMIT' });
    await flush();
    actor.send({ type: 'EDIT_PHONE', value: '91234 56789' });
    actor.send({ type: 'TOGGLE_OPT_IN' });
    actor.send({ type: 'SUBMIT' });
    await flush();
    actor.send({ type: 'EDIT_OTP', value: '123456' });
    actor.send({ type: 'EDIT_NAME', value: 'Asha Rao' });
    actor.send({ type: 'EDIT_PASSWORD', value: ' My Pass 1 ' });
    actor.send({ type: 'SUBMIT' });
    await flush();
    expect(actor.getSnapshot().value).toBe('SIGNED_IN');
    expect(calls.find((c) => c.service === 'sendOtp')?.input).toEqual({ type: 'register', identifier: '9123456789', c_code: '+91' });
    expect(calls.find((c) => c.service === 'register')?.input).toEqual({
      email: 'asha@kasrat.test',
      mobile: '9123456789',
      c_code: '+91',
      password: 'MyPass1',
      otp: '123456',
      // The box starts unticked (SPEC §4.8): the one TOGGLE_OPT_IN above is the shopper's tick.
      opt_in: true,
      opt_in_text_version: 'marketing-v1',
      first_name: 'Asha Rao',
      email_fetched_from_google: false,
      google_token: null,
      referrer: null,
    });
    const names = reported.map((e) => (e as { name: string }).name);
    expect(names).toEqual(['login_identifier_submitted', 'otp_sent', 'otp_verified', 'user_register']);
    expect(actor.getSnapshot().context.user).toEqual(USER);
  });

  test('password login reports user_login with the method and identifier type', async () => {
    const { services } = servicesForPath([
      { event: { type: 'xstate.done.actor.checkExists', output: ANSWERS.exists } },
      { event: { type: 'xstate.done.actor.loginWithPassword', output: ANSWERS.signedIn } },
    ]);
    const { actor, reported } = start(services);
    actor.send({ type: 'EDIT_IDENTIFIER', value: '9123456789' });
    actor.send({ type: 'SUBMIT' });
    await flush();
    actor.send({ type: 'EDIT_PASSWORD', value: 'Secret@123' });
    actor.send({ type: 'SUBMIT' });
    await flush();
    expect(reported.at(-1)).toEqual({ name: 'user_login', method: 'password', identifier_type: 'phone' });
    expect(actor.getSnapshot().context.reload).toBe(true);
  });

  test('"Maximum attempts reached" disables Resend OTP in the machine and in the countdown', async () => {
    const { services } = servicesForPath([
      { event: { type: 'xstate.done.actor.checkExists', output: ANSWERS.exists } },
      { event: { type: 'xstate.done.actor.sendOtp', output: ANSWERS.sent } },
      { event: { type: 'xstate.error.actor.loginWithOtp', error: { message: MESSAGES.maxAttempts } } },
    ]);
    const { actor } = start(services);
    actor.send({ type: 'EDIT_IDENTIFIER', value: '9123456789' });
    actor.send({ type: 'SUBMIT' });
    await flush();
    actor.send({ type: 'USE_OTP' });
    await flush();
    actor.send({ type: 'EDIT_OTP', value: '000000' });
    actor.send({ type: 'SUBMIT' });
    await flush();
    const snap = actor.getSnapshot();
    expect(snap.context.error).toBe(MESSAGES.maxAttempts);
    expect(snap.can({ type: 'RESEND' })).toBe(false);
    const countdown = snap.children.countdown?.getSnapshot() as { value: unknown; context: { message: string | null } };
    expect(countdown.value).toEqual({ blocked: 'showing' });
    expect(countdown.context.message).toBe(MESSAGES.maxAttempts);
  });
});
