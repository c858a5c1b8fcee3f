// The Resend OTP countdown (SPEC §4, §8, §9): Resend OTP waits 15 seconds after each send; an answer containing
// "Maximum attempts reached" disables Resend OTP for good and shows the message for 3 seconds.
import { assign, setup } from 'xstate';
import { MESSAGES } from '../schemas/validation.ts';

export const RESEND_AFTER_S = 15;
export const MAX_ATTEMPTS_SHOWN_MS = 3000;

export interface OtpCountdownContext {
  /** Seconds until Resend OTP is offered again (for the "Resend OTP in 12s" label). */
  remaining: number;
  /** The "Maximum attempts reached" answer, while it is shown. */
  message: string | null;
}

export interface OtpCountdownInput {
  /** Start disabled: the send itself was answered "Maximum attempts reached". */
  maxAttempts?: string | null;
}

export type OtpCountdownEvent = { type: 'RESEND' } | { type: 'MAX_ATTEMPTS'; message?: string };

/** True when a server message means the shopper has used up their tries (SPEC §4: "containing"). */
export const isMaxAttemptsMessage = (message: string | null | undefined): boolean => Boolean(message?.includes(MESSAGES.maxAttempts));

export const otpCountdownMachine = setup({
  types: {} as { context: OtpCountdownContext; events: OtpCountdownEvent; input: OtpCountdownInput | undefined },
  actions: {
    restart: assign({ remaining: RESEND_AFTER_S }),
    tick: assign({ remaining: ({ context }) => Math.max(0, context.remaining - 1) }),
    finish: assign({ remaining: 0 }),
    showMessage: assign({
      message: ({ event }) => (event.type === 'MAX_ATTEMPTS' && event.message ? event.message : MESSAGES.maxAttempts),
      remaining: 0,
    }),
    hideMessage: assign({ message: null }),
  },
  guards: {
    startsBlocked: ({ context }) => context.message !== null,
  },
}).createMachine({
  id: 'otpCountdown',
  context: ({ input }) => ({ remaining: RESEND_AFTER_S, message: input?.maxAttempts ?? null }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'startsBlocked', target: 'blocked' }, { target: 'counting' }] },
    counting: {
      // The label ticks every second; readiness comes from one 15 s timer, so a late tick cannot delay it.
      initial: 'tick',
      states: { tick: { after: { 1000: { target: 'tick', reenter: true, actions: 'tick' } } } },
      after: { [RESEND_AFTER_S * 1000]: { target: 'ready', actions: 'finish' } },
      on: { MAX_ATTEMPTS: { target: 'blocked', actions: 'showMessage' } },
    },
    ready: {
      on: {
        RESEND: { target: 'counting', actions: 'restart' },
        MAX_ATTEMPTS: { target: 'blocked', actions: 'showMessage' },
      },
    },
    // Resend stays disabled; only the message goes away after 3 seconds.
    blocked: {
      tags: ['blocked'],
      initial: 'showing',
      states: {
        showing: { after: { [MAX_ATTEMPTS_SHOWN_MS]: { target: 'hidden', actions: 'hideMessage' } } },
        hidden: {},
      },
    },
  },
});

/** What the page shows for a countdown snapshot. */
export function countdownView(snapshot: { value: unknown; context: OtpCountdownContext } | undefined) {
  if (!snapshot) return { canResend: false, remaining: RESEND_AFTER_S, message: null as string | null };
  return {
    canResend: snapshot.value === 'ready',
    remaining: snapshot.context.remaining,
    message: snapshot.context.message,
  };
}
