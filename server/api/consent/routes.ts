import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { ConsentChangeRequest, ConsentsResponse, TrackingConsentRequest, TrackingConsentResponse } from '../../../schemas/consent.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { clientKey, enforceLimit } from '../../http/rate-limit.ts';
import { requireCustomer } from '../../modules/session/index.ts';
import { currentConsents, recordConsent, recordTrackingConsent, sourceOf } from '../../modules/consent/service.ts';

// Consent calls (SPEC §4.8), HTTP only: the profile's list, one purpose given or withdrawn in one call, and the
// cookie notice's answer.

export const CONSENT_MESSAGES = {
  given: 'Consent given',
  withdrawn: 'Consent withdrawn',
  tracking: 'Your cookie choice is saved',
} as const;

/** Cookie-notice answers per client address per minute: the call is open to shoppers without an account. */
const TRACKING_ANSWERS_PER_MINUTE = 30;

export async function consentRoutes(root: FastifyInstance, { db }: { db: Db }) {
  const app = root.withTypeProvider<ZodRequestTypes>();

  app.get(
    '/api/myAccount/consents',
    {
      config: { access: 'customer' },
      schema: { summary: "The customer's current consents", operationId: 'getConsents', response: { 200: ConsentsResponse } },
    },
    async (req) => ok({ consents: await currentConsents(db, await requireCustomer(db, req)) }),
  );

  app.post(
    '/api/myAccount/consents',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Give or withdraw one consent',
        operationId: 'changeConsent',
        body: ConsentChangeRequest,
        response: { 200: ConsentsResponse },
      },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      await recordConsent(db, customer.id, { ...req.body, method: 'profile' }, sourceOf(req));
      const fresh = await requireCustomer(db, req);
      return ok({ consents: await currentConsents(db, fresh) }, req.body.granted ? CONSENT_MESSAGES.given : CONSENT_MESSAGES.withdrawn);
    },
  );

  app.post(
    '/api/consent/tracking',
    {
      config: { access: 'optional' },
      schema: {
        summary: "Record the cookie notice's answer",
        operationId: 'recordTrackingConsent',
        body: TrackingConsentRequest,
        response: { 200: TrackingConsentResponse },
      },
      preValidation: async (req) =>
        enforceLimit(db, `consent:ip:${clientKey(req.ip)}`, TRACKING_ANSWERS_PER_MINUTE, 60, 'Too many requests. Please try again later.'),
    },
    async (req) => {
      const customerId = (await req.getSession())?.customerId ?? null;
      const recorded = await recordTrackingConsent(db, customerId, req.body.state, req.body.text_version, sourceOf(req));
      return ok({ recorded, signed_in: customerId !== null }, CONSENT_MESSAGES.tracking);
    },
  );
}
