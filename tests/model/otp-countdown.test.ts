import { createActor } from 'xstate';
import { countdownView, isMaxAttemptsMessage, otpCountdownMachine } from '../../machines/otp-countdown.ts';
import { MESSAGES } from '../../schemas/validation.ts';
import { countdownPaths, delayOf } from './otp-countdown-model.ts';

// Every shortest path of the Resend OTP countdown, replayed on a real actor under fake timers (SPEC §4, §8).

const paths = countdownPaths();

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('otp countdown: every shortest path', () => {
  test('the model covers counting, ready and both phases of the blocked state', () => {
    expect(paths.map((p) => JSON.stringify(p.state.value)).sort()).toEqual([
      '"ready"',
      '{"blocked":"hidden"}',
      '{"blocked":"showing"}',
      '{"counting":"tick"}',
    ]);
  });

  test.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(' > '), p] as const))('%s', (_name, path) => {
    const actor = createActor(otpCountdownMachine, { input: {} }).start();
    for (const { event } of path.steps) {
      if ((event.type as string) === 'xstate.init') continue;
      const delay = delayOf(event.type);
      if (delay !== null) vi.advanceTimersByTime(delay);
      else actor.send(event as never);
    }
    expect(actor.getSnapshot().value).toEqual(path.state.value);
    actor.stop();
  });
});

describe('otp countdown: rules', () => {
  test('Resend OTP is offered 15 seconds after a send, counting down each second', () => {
    const actor = createActor(otpCountdownMachine, { input: {} }).start();
    expect(countdownView(actor.getSnapshot())).toEqual({ canResend: false, remaining: 15, message: null });
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().context.remaining).toBe(14);
    vi.advanceTimersByTime(13_999);
    expect(countdownView(actor.getSnapshot()).canResend).toBe(false);
    vi.advanceTimersByTime(1);
    expect(countdownView(actor.getSnapshot())).toEqual({ canResend: true, remaining: 0, message: null });
    actor.send({ type: 'RESEND' });
    expect(countdownView(actor.getSnapshot())).toMatchObject({ canResend: false, remaining: 15 });
  });

  test('"Maximum attempts reached" disables Resend for good and shows the message for 3 seconds', () => {
    const actor = createActor(otpCountdownMachine, { input: {} }).start();
    vi.advanceTimersByTime(15_000);
    actor.send({ type: 'MAX_ATTEMPTS', message: `${MESSAGES.maxAttempts}. Please try again after some time.` });
    expect(countdownView(actor.getSnapshot())).toMatchObject({
      canResend: false,
      message: `${MESSAGES.maxAttempts}. Please try again after some time.`,
    });
    vi.advanceTimersByTime(2999);
    expect(countdownView(actor.getSnapshot()).message).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(countdownView(actor.getSnapshot())).toMatchObject({ canResend: false, message: null });
    vi.advanceTimersByTime(60_000);
    actor.send({ type: 'RESEND' });
    expect(countdownView(actor.getSnapshot()).canResend).toBe(false);
  });

  test('a countdown that starts after a refused send starts disabled', () => {
    const actor = createActor(otpCountdownMachine, { input: { maxAttempts: MESSAGES.maxAttempts } }).start();
    expect(actor.getSnapshot().value).toEqual({ blocked: 'showing' });
  });

  test.each([
    ['Maximum attempts reached', true],
    ['Maximum attempts reached. Please try again after some time.', true],
    ['Entered OTP is Incorrect', false],
    ['', false],
  ])('%j contains the SPEC phrase: %s', (message, expected) => {
    expect(isMaxAttemptsMessage(message)).toBe(expected);
  });
});
