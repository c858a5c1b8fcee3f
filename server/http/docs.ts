import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isOpsRoute, requireOps } from './ops.ts';
import { parse } from './validate.ts';

// The API contract (docs/architecture.md "API conventions"): each route declares the zod schemas of its request (and,
// where one exists, its response) in its route options; @fastify/swagger turns them into one OpenAPI document,
// served at /api/docs/json, with the swagger-ui page at /api/docs (its assets served from this app: the CSP of
// server/http/security.ts allows only this origin's scripts). README "API documentation" says who may read them.

export const DOCS_PREFIX = '/api/docs';

/**
 * Fastify validates each request with the zod schemas its route declares (docs/decisions/025), through `parse()`
 * (server/http/validate.ts): the NUL / lone-surrogate guard, the SPEC §5 messages and the 400 answer with its
 * `issues` are the same as a handler's own parse gave. Validation runs after the `onRequest` hooks, where the
 * session and staff modules check `config.access`, so a guest still gets 401 before 400. Answers are serialised
 * with JSON.stringify: tests hold them to their response schema (server/http/answer-check.ts).
 */
export function zodCompilers(app: FastifyInstance) {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    // A schema that is not zod (none today) is documentation only.
    if (typeof (schema as { safeParse?: unknown }).safeParse !== 'function') return (value) => ({ value });
    // Headers are checked and left as they came: a request whose headers Fastify replaced copies them on every read.
    const keep = httpPart === 'headers';
    return (value) => {
      try {
        const parsed = parse(schema as z.ZodType, value);
        return keep ? {} : { value: parsed };
      } catch (error) {
        return { error: error as Error };
      }
    };
  });
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}

// A schema zod cannot express in JSON Schema (a custom check) is documented as "any" rather than failing the page.
const fromZod = createJsonSchemaTransform({ skipList: [], zodToJsonConfig: { unrepresentable: 'any' } });
// A recursive schema (the menu's category tree) is referenced from components/schemas; this puts it there.
const zodComponents = createJsonSchemaTransformObject({ zodToJsonConfig: { unrepresentable: 'any' } });

/** What every operation of the document names by hand in its route options (docs/decisions/025). */
export interface RouteDoc {
  /** One short line: what the call does. */
  summary: string;
  /** Unique and stable: clients generated from the document name their functions after it. */
  operationId: string;
}

/**
 * Who may make a call, as the route declares it in `config.access` (docs/decisions/025). Without it, a route is
 * `ops` when server/http/ops.ts counts it as an operations call and `public` otherwise.
 * - `customer`: a customer session (its cookie); a guest gets 401.
 * - `optional`: guests and customers alike; a session changes the answer or unlocks part of the call.
 * - `staff`: a staff session (the console's cookie) and nothing else.
 * - `ops`: the operations token or a staff session whose role holds the call's permission (401, then 403).
 * - `public`: anyone, no session read.
 */
export type RouteAccess = 'public' | 'optional' | 'customer' | 'staff' | 'ops';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may make the call; see RouteAccess in server/http/docs.ts. */
    access?: RouteAccess;
    /** A `customer` route's 401 message for a guest (SPEC §7); without it, the default of `Unauthorized`. */
    signIn?: string;
    /**
     * A `customer` route whose handler checks the session in its own first statement (`deferredSession` of the
     * session module) instead of a read of its own before it: one round trip less on the order's path.
     */
    sessionInStatement?: true;
  }
}

/** The access a route declares, or the one its operations classification gives it. */
export function accessOf(route: Pick<RouteOptions, 'method' | 'url' | 'config'>): RouteAccess {
  const config = route.config as { access?: RouteAccess; opsPermission?: never } | undefined;
  if (config?.access) return config.access;
  // Fastify answers HEAD with the GET route's handler: the same call, the same access.
  const declared = [route.method].flat()[0] ?? 'GET';
  const method = declared === 'HEAD' ? 'GET' : declared;
  return isOpsRoute(method, route.url, config) ? 'ops' : 'public';
}

// The cookie names are the session and staff modules' (SESSION_COOKIE, STAFF_COOKIE; tests/api/openapi-lint.test.ts
// holds them equal): importing those modules here would close an import circle through server/http/security.ts.
const SECURITY_SCHEMES = {
  customerSession: { type: 'apiKey', in: 'cookie', name: 'ksid', description: 'The customer session cookie, set at sign-in.' },
  staffSession: {
    type: 'apiKey',
    in: 'cookie',
    name: 'kasrat_staff',
    description: 'The staff console session cookie (docs/decisions/019).',
  },
  opsToken: { type: 'http', scheme: 'bearer', description: 'The operations token (OPS_TOKEN), for machines.' },
} as const;

const SECURITY: Record<RouteAccess, Array<Record<string, string[]>>> = {
  public: [],
  optional: [{}, { customerSession: [] }],
  customer: [{ customerSession: [] }],
  staff: [{ staffSession: [] }],
  ops: [{ opsToken: [] }, { staffSession: [] }],
};

/** Tags by the plugin that registers the routes: one per module (a new plugin gets its line, or the lint test fails). */
const TAGS: Record<string, string> = {
  accountModule: 'Account',
  profileRoutes: 'Account',
  addressRoutes: 'Account',
  notMeRoutes: 'Account',
  consentModule: 'Account',
  appInstallModule: 'App',
  authRoutes: 'Sign-in',
  sessionRoutes: 'Sign-in',
  devIdpRoutes: 'Development tools',
  authenticityModule: 'Authenticity',
  cartRoutes: 'Cart',
  catalogueModule: 'Catalogue',
  checkoutRoutes: 'Checkout',
  eventsRoutes: 'Reporting',
  devOutboxRoutes: 'Development tools',
  helpCenterModule: 'Help centre',
  grievancesModule: 'Help centre',
  newsletterModule: 'Newsletter',
  orderRoutes: 'Orders',
  opsRoutes: 'Operations',
  paymentRoutes: 'Payment',
  paymentIssueRoutes: 'Operations',
  reviewRoutes: 'Reviews',
  searchOpsRoutes: 'Operations',
  reviewImageRoutes: 'Reviews',
  devPurchaseRoutes: 'Development tools',
  devPaymentRoutes: 'Development tools',
  staffRoutes: 'Staff console',
  staffCatalogueRoutes: 'Staff console',
  staffCouponRoutes: 'Staff console',
  staffCsvRoutes: 'Staff console',
  staffPromotionRoutes: 'Staff console',
  staffQueueRoutes: 'Staff console',
  staffCustomerRoutes: 'Staff console',
  staffOrderRoutes: 'Staff console',
  staffReviewRoutes: 'Staff console',
  staffTodayRoutes: 'Staff console',
  staffAccountRoutes: 'Staff console',
  storesModule: 'Stores',
  storefrontFormsModule: 'Storefront forms',
  systemRoutes: 'System',
  imageRoutes: 'System',
  uploadRoutes: 'Uploads',
};
const UNTAGGED = 'Untagged';
const TAG_DESCRIPTIONS: Record<string, string> = {
  Account: 'Profile, addresses and account changes of a signed-in customer (SPEC §7.2, §7.3).',
  App: 'Links to the mobile apps.',
  Authenticity: 'Authenticity certificates of brands and importers, and the NAC check (SPEC §7.5).',
  Cart: 'The cart, wishlist, saved for later, coupons and free gifts (SPEC §7.6).',
  Catalogue: 'Listings, search, product pages, offers, sale and home pages, SEO and images (SPEC §7.8).',
  Checkout: 'The delivery address and the order confirmation (SPEC §7.7).',
  'Development tools': 'Calls that exist only with the development tools on (KASRAT_DEV_TOOLS=1).',
  'Help centre': 'FAQs and support requests (SPEC §7.8).',
  Newsletter: 'Newsletter unsubscription.',
  Operations: 'Shipments, refunds and payment issues, for machines with the operations token or staff.',
  Orders: "The customer's orders: listing, cancelling, returning, refund bank details (SPEC §7.7).",
  Payment: "Placing and paying for an order, and the payment gateways' callbacks (SPEC §7.7).",
  Reporting: 'Server-side conversions and the funnel report (SPEC §7.9).',
  Reviews: 'Ratings and reviews, their photos and moderation (SPEC §7.4).',
  'Sign-in': 'Sign-in, registration, one-time codes and the session (SPEC §7.1).',
  'Staff console':
    'The staff console: staff sessions, catalogue and its CSV, coupons, bank offers, gifts, sale pages, customers, orders, queues, reviews (docs/decisions/019).',
  Stores: 'Stores, cities and retailer sign-up.',
  'Storefront forms': 'Cart forms that work without scripts.',
  System: 'Health, readiness, client error logs and generated images.',
  Uploads: 'Uploaded files.',
  [UNTAGGED]: 'Routes of a plugin server/http/docs.ts has no tag for yet.',
};

/** The answer of every JSON call (server/http/envelope.ts): failures, and successes no response schema declares. */
const ENVELOPE = {
  description: 'The API envelope: `status` 1 with `data` on success, 0 with a message the shopper can read on failure.',
  type: 'object',
  properties: { status: { enum: [0, 1] }, message: { type: 'string' }, data: {} },
  required: ['status', 'message', 'data'],
};
const failure = (description: string) => ({ ...ENVELOPE, description: `${description} \`status\` is 0; \`message\` says why.` });

/** A path parameter, or a body or query field named `id`, `…_id` or `…Id`, names a row the call may not find. */
const ID_FIELD = /^(id|.+_id|.+Id)$/;
const fieldsOf = (jsonSchema: unknown): string[] => Object.keys((jsonSchema as { properties?: object } | undefined)?.properties ?? {});

/** The 4xx answers an operation can give, from its declared input and access. */
function failures(schema: Record<string, unknown>, url: string, access: RouteAccess): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const pathParams = /:\w+|\{\w+\}/.test(url);
  const input = Boolean(schema.body || schema.querystring || schema.params) || pathParams;
  if (input) out['400'] = failure('The request is not valid (SPEC §5 wording for form fields).');
  if (access === 'customer' || access === 'optional') out['401'] = failure('The call needs a signed-in customer.');
  if (access === 'staff') out['401'] = failure('The staff session has ended.');
  if (access === 'ops') {
    out['401'] = failure('Neither a valid operations token nor a staff session.');
    out['403'] = failure("The staff member's role does not allow the call.");
  }
  const ids = [schema.body, schema.querystring].flatMap(fieldsOf).some((f) => ID_FIELD.test(f));
  if (pathParams || ids) out['404'] = failure('Nothing the caller may see has that id.');
  // Every call can be refused for load or abuse (the per-route limits, the CSRF check answers 403 on its own).
  if (!Object.keys(out).length) out['429'] = failure('Too many requests: try again shortly.');
  return out;
}

export async function registerApiDocs(app: FastifyInstance, { open, origin }: { open: boolean; origin: string }) {
  zodCompilers(app);
  // The module a route belongs to, for its tag: read as the route registers, from the plugin that registers it.
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    const schema = route.schema as { tags?: string[]; hide?: boolean } | undefined;
    if (schema?.hide || schema?.tags) return;
    const plugin = (this.pluginName ?? '').split(' -> ').pop() ?? '';
    route.schema = { ...route.schema, tags: [TAGS[plugin] ?? UNTAGGED] } as typeof route.schema;
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Kasrat API',
        description:
          'Every /api call of the store. Responses are `{ status: 1 | 0, message, data }` (docs/architecture.md "API conventions").',
        version: '1.0.0',
        license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Kasrat-Proprietary' },
      },
      // The configured public origin; without one (development), this same origin.
      servers: [{ url: origin || '/', description: 'This store' }],
      components: { securitySchemes: SECURITY_SCHEMES as never },
      tags: Object.entries(TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description })),
    },
    transformObject: zodComponents,
    transform: (route) => {
      const out = fromZod(route);
      if (out.schema?.hide) return out;
      const access = accessOf(route.route);
      const schema = (out.schema ?? {}) as Record<string, unknown>;
      // A declared success answer, where the route has one; the envelope for every other answer.
      const response = (schema.response ?? {}) as Record<string, unknown>;
      return {
        ...out,
        schema: {
          ...schema,
          security: SECURITY[access],
          response: { ...failures(schema, route.url, access), ...response, default: ENVELOPE },
        },
      };
    },
  });
  // Open with the development tools; otherwise (a plain start, production) for staff with the operations token.
  const guard = async (req: FastifyRequest) => {
    if (!open) requireOps(req);
  };
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiHooks: { onRequest: guard } });
}
