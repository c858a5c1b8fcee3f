import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { BadRequest } from '../../http/errors.ts';

// Staff passwords (docs/decisions/019): at least 12 characters, and not guessable from the common-password list,
// keyboard patterns and sequences the zxcvbn-ts estimator ships (offline, no network). The estimator is built on
// first use: its dictionaries are large, and most instances never set a staff password.

export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_MESSAGES = {
  short: `A staff password needs at least ${STAFF_PASSWORD_MIN} characters.`,
  common: 'This password is too easy to guess: it is built from common passwords or patterns. Choose a longer, less usual one.',
} as const;

let estimator: ZxcvbnFactory | null = null;

/** Refuses (400) a staff password that is short or guessable; the email and the store's name count as guessable. */
export function checkStaffPassword(password: string, email: string): void {
  if (password.length < STAFF_PASSWORD_MIN) throw new BadRequest(STAFF_PASSWORD_MESSAGES.short);
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  const local = email.split('@')[0] ?? '';
  const result = estimator.check(password.slice(0, 100), [email, local, 'kasrat', 'staff', 'console']);
  // Score 3 is "safely unguessable: moderate protection from offline slow-hash scenario" in zxcvbn's scale.
  if (result.score < 3) throw new BadRequest(STAFF_PASSWORD_MESSAGES.common);
}
