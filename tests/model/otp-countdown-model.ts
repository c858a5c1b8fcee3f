import { getShortestPaths } from '@xstate/graph';
import { MAX_ATTEMPTS_SHOWN_MS, otpCountdownMachine, RESEND_AFTER_S } from '../../machines/otp-countdown.ts';
import { MESSAGES } from '../../schemas/validation.ts';

// The countdown model: the shopper's Resend, the server's "Maximum attempts reached", and the two timers that
// matter (15 s until Resend, 3 s of message). The 1 s label tick is left out: it changes only the number shown.
export const READY_AFTER = `xstate.after.${RESEND_AFTER_S * 1000}.otpCountdown.counting`;
export const MESSAGE_GONE_AFTER = `xstate.after.${MAX_ATTEMPTS_SHOWN_MS}.otpCountdown.blocked.showing`;

export const COUNTDOWN_EVENTS = [
  { type: 'RESEND' },
  { type: 'MAX_ATTEMPTS', message: MESSAGES.maxAttempts },
  { type: READY_AFTER },
  { type: MESSAGE_GONE_AFTER },
] as const;

export const delayOf = (type: string): number | null =>
  type === READY_AFTER ? RESEND_AFTER_S * 1000 : type === MESSAGE_GONE_AFTER ? MAX_ATTEMPTS_SHOWN_MS : null;

export const countdownPaths = () =>
  getShortestPaths(otpCountdownMachine, {
    events: COUNTDOWN_EVENTS as never,
    // The remaining seconds are display only; the value and whether a message shows decide what comes next.
    serializeState: ((s: { value: unknown; context: { message: string | null } }) =>
      JSON.stringify([s.value, s.context.message !== null])) as never,
  });
