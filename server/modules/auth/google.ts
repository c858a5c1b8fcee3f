import { createPublicKey } from 'node:crypto';
import { createLocalJWKSet, createRemoteJWKSet, exportJWK, type JWK, type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { AuthConfig } from './config.ts';
import type { KeyRing } from './keys.ts';

// Google sign-in: the id_token's signature is checked against a JWKS, and iss / aud / exp with jose. Outside
// production the JWKS is the development identity provider's (same code path, a local key set); with
// GOOGLE_JWKS_URL it is fetched from there (Google's in production).

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
  givenName: string;
  /** The nonce the sign-in was started with (checked against this browser's grant). */
  nonce: string;
}

export class GoogleTokenError extends Error {}

export async function devIdpJwk(keys: KeyRing): Promise<JWK> {
  const { public_key } = await keys.devIdpKeys();
  const jwk = await exportJWK(createPublicKey(public_key));
  return { ...jwk, kid: DEV_IDP_KID, alg: 'RS256', use: 'sig' };
}
export const DEV_IDP_KID = 'kasrat-dev-idp-1';

export function createGoogleVerifier(config: AuthConfig, keys: KeyRing) {
  let keySet: JWTVerifyGetKey | null = null;
  const getKeySet = async (): Promise<JWTVerifyGetKey> => {
    if (keySet) return keySet;
    if (config.GOOGLE_JWKS_URL)
      keySet = createRemoteJWKSet(new URL(config.GOOGLE_JWKS_URL), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    else if (config.devIdp) keySet = createLocalJWKSet({ keys: [await devIdpJwk(keys)] });
    else throw new GoogleTokenError('Google sign-in is not configured');
    return keySet;
  };

  return {
    enabled: Boolean(config.googleClientId) && (Boolean(config.GOOGLE_JWKS_URL) || config.devIdp),
    async verify(idToken: string): Promise<GoogleIdentity> {
      if (!config.googleClientId) throw new GoogleTokenError('Google sign-in is not configured');
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(idToken, await getKeySet(), {
          issuer: config.googleIssuers,
          audience: config.googleClientId,
          algorithms: ['RS256'],
          clockTolerance: 30,
          requiredClaims: ['exp', 'iat', 'sub'],
        }));
      } catch (error) {
        throw new GoogleTokenError(`id_token rejected: ${(error as Error).message}`);
      }
      const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : '';
      if (!email || payload.email_verified !== true) throw new GoogleTokenError('id_token has no verified email');
      const name = typeof payload.name === 'string' ? payload.name : '';
      const givenName = typeof payload.given_name === 'string' ? payload.given_name : (name.split(' ')[0] ?? '');
      return { sub: String(payload.sub), email, name, givenName, nonce: typeof payload.nonce === 'string' ? payload.nonce : '' };
    },
  };
}
export type GoogleVerifier = ReturnType<typeof createGoogleVerifier>;
