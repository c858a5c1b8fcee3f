import { createHash, createPrivateKey } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import { SignJWT } from 'jose';
import { z } from 'zod';
import { sameSitePath } from '../../../schemas/return-path.ts';
import { isValidEmail } from '../../../schemas/validation.ts';
import { BadRequest } from '../../http/errors.ts';
import { type AuthConfig, DEV_IDP_ISSUER } from '../../modules/auth/config.ts';
import { DEV_IDP_KID, devIdpJwk } from '../../modules/auth/google.ts';
import type { KeyRing } from '../../modules/auth/keys.ts';
import { escapeHtml } from '../../http/escape.ts';

// The development identity provider (never in production): a JWKS, and a "Sign in as…" page that issues an
// RS256 id_token shaped like Google's and returns it in the redirect fragment, as Google's implicit flow does.
// The app then verifies it through the same code as a real Google token.

const AuthorizeQuery = z.object({
  client_id: z.string().min(1).max(200),
  redirect_uri: z.string().min(1).max(500),
  state: z.string().max(200).default(''),
  nonce: z.string().max(200).default(''),
  response_type: z.string().max(50).optional(),
  scope: z.string().max(200).optional(),
});
const ConsentBody = AuthorizeQuery.extend({
  email: z.string().trim().toLowerCase().refine(isValidEmail, 'Please enter a valid email'),
  name: z
    .string()
    .trim()
    .min(1, 'Please enter a name')
    .max(60)
    .regex(/^[A-Za-z .'-]+$/, 'Letters and spaces only'),
});

/** Only this app's own pages may receive a token. */
function safeRedirect(req: FastifyRequest, uri: string): string {
  if (uri.startsWith('/')) {
    const path = sameSitePath(uri);
    if (path === null) throw new BadRequest('redirect_uri must point at this site');
    return path;
  }
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new BadRequest('redirect_uri is not a valid URL');
  }
  // Compared through URL so a default port (:80, :443) written or not means the same site.
  if (url.host !== new URL(`${req.protocol}://${req.host}`).host) throw new BadRequest('redirect_uri must point at this site');
  return url.toString();
}

export async function signDevIdToken(
  keys: KeyRing,
  claims: { email: string; name: string; audience: string; nonce?: string; issuer?: string },
  ttl: string | number = '10m',
): Promise<string> {
  const { private_key } = await keys.devIdpKeys();
  const sub = `dev-${createHash('sha256').update(claims.email).digest('hex').slice(0, 21)}`;
  return new SignJWT({
    email: claims.email,
    email_verified: true,
    name: claims.name,
    given_name: claims.name.split(' ')[0],
    ...(claims.nonce ? { nonce: claims.nonce } : {}),
  })
    .setProtectedHeader({ alg: 'RS256', kid: DEV_IDP_KID, typ: 'JWT' })
    .setIssuer(claims.issuer ?? DEV_IDP_ISSUER)
    .setAudience(claims.audience)
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime(ttl)
    .sign(createPrivateKey(private_key));
}

const PRESETS = [
  { email: 'demo@kasrat.test', name: 'Demo Shopper' },
  { email: 'new.shopper@gmail.test', name: 'New Shopper' },
];

export async function devIdpRoutes(root: FastifyInstance, { keys }: { keys: KeyRing; config: AuthConfig }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  // Forms post url-encoded; this parser lives only inside this plugin.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get(
    '/api/dev/idp/jwks',
    {
      schema: {
        summary: "Development tools: the development identity provider's keys",
        operationId: 'getDevIdpKeys',
        // A JSON Web Key Set (RFC 7517 §5), as Google's own keys endpoint answers: not the API envelope.
        response: { 200: z.object({ keys: z.array(z.looseObject({ kty: z.string(), kid: z.string().optional() })) }) },
      },
    },
    async () => ({ keys: [await devIdpJwk(keys)] }),
  );

  app.get(
    '/api/dev/idp/authorize',
    {
      schema: {
        summary: "Development tools: the development identity provider's sign-in page",
        operationId: 'getDevIdpAuthorize',
        querystring: AuthorizeQuery,
      },
    },
    async (req, reply) => {
      const q = req.query;
      safeRedirect(req, q.redirect_uri);
      const hidden = (['client_id', 'redirect_uri', 'state', 'nonce'] as const)
        .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q[k])}">`)
        .join('');
      const presets = PRESETS.map(
        (p) =>
          `<form method="post" action="/api/dev/idp/authorize">${hidden}<input type="hidden" name="email" value="${p.email}"><input type="hidden" name="name" value="${p.name}"><button type="submit">Sign in as ${escapeHtml(p.name)} (${p.email})</button></form>`,
      ).join('');
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign in as… (development identity provider)</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#222}h1{font-size:1.4rem}form{margin:.75rem 0}button{padding:.6rem 1rem;font-size:1rem;cursor:pointer;width:100%}label{display:block;margin:.5rem 0 .2rem}input[type=email],input[type=text]{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}.note{color:#666;font-size:.85rem}</style></head>
<body><h1>Sign in as…</h1><p class="note">Development identity provider. It stands in for Google on this machine; it does not exist in production.</p>
${presets}
<h2>Someone else</h2><form method="post" action="/api/dev/idp/authorize">${hidden}<label for="email">Email</label><input id="email" name="email" type="email" required><label for="name">Name</label><input id="name" name="name" type="text" required><button type="submit">Sign in</button></form>
</body></html>`;
      // A page under /api/: it names what it uses (its inline style, its forms posting here).
      return reply
        .type('text/html; charset=utf-8')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
        )
        .header('cache-control', 'no-store')
        .send(html);
    },
  );

  app.post(
    '/api/dev/idp/authorize',
    { schema: { summary: 'Development tools: issue a development identity token', operationId: 'postDevIdpAuthorize', body: ConsentBody } },
    async (req, reply) => {
      const body = req.body;
      const target = safeRedirect(req, body.redirect_uri);
      const idToken = await signDevIdToken(keys, { email: body.email, name: body.name, audience: body.client_id, nonce: body.nonce });
      const fragment = new URLSearchParams({ id_token: idToken, state: body.state }).toString();
      return reply.code(303).header('location', `${target}#${fragment}`).send();
    },
  );
}
