import type { ConsentState } from '../../../schemas/consent-rules.ts';
import type { TrackingConsentResponse } from '../../../schemas/consent.ts';
import { post } from '../../api/client.ts';

/** SPEC §4.8: the cookie notice's answer is recorded on the server (against the account when signed in). */
export const recordTrackingConsent = (state: ConsentState, text_version: string) =>
  post<typeof TrackingConsentResponse>('/api/consent/tracking', { state, text_version });
