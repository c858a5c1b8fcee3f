import {
  constants,
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPair,
  privateDecrypt,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { promisify } from 'node:util';
import type { Db } from '../../db/database.ts';
import type { AuthConfig } from './config.ts';

// Key material every instance must share. Each key is created once, by whichever instance asks first
// (INSERT … ON CONFLICT DO NOTHING, then read back), or comes from configuration. The in-memory copies are
// caches of the database rows.

const generateRsa = promisify(generateKeyPair);

interface KeyRow {
  public_key: string;
  private_key: string;
}

async function loadOrCreate(db: Db, name: string, create: () => Promise<KeyRow>): Promise<KeyRow> {
  const existing = await db.selectFrom('auth_keys').select(['public_key', 'private_key']).where('name', '=', name).executeTakeFirst();
  if (existing) return existing;
  const fresh = await create();
  await db
    .insertInto('auth_keys')
    .values({ name, ...fresh })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return db.selectFrom('auth_keys').select(['public_key', 'private_key']).where('name', '=', name).executeTakeFirstOrThrow();
}

const newRsaPair = async (): Promise<KeyRow> => {
  const { publicKey, privateKey } = await generateRsa('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { public_key: publicKey, private_key: privateKey };
};

export interface KeyRing {
  /** SPKI (DER, base64) of the password-encryption key, for WebCrypto importKey('spki'). */
  passwordPublicKey(): Promise<string>;
  /** RSA-OAEP (SHA-256) decryption of a base64 ciphertext; null when it does not decrypt. */
  decryptPassword(ciphertext: string): Promise<string | null>;
  /** HMAC-SHA256 of a one-time code under the shared pepper. */
  hashCode(scope: string, code: string): Promise<string>;
  sameHash(a: string, b: string): boolean;
  /** The development identity provider's signing key pair (PEM). */
  devIdpKeys(): Promise<KeyRow>;
}

export function createKeyRing(db: Db, config: Pick<AuthConfig, 'AUTH_SECRET' | 'AUTH_RSA_PRIVATE_KEY'>): KeyRing {
  const memo = new Map<string, Promise<KeyRow>>();
  const get = (name: string, create: () => Promise<KeyRow>) => {
    let p = memo.get(name);
    if (!p) {
      p = loadOrCreate(db, name, create);
      p.catch(() => memo.delete(name));
      memo.set(name, p);
    }
    return p;
  };

  const passwordKey = (): Promise<KeyRow> => {
    if (config.AUTH_RSA_PRIVATE_KEY) {
      const privateKey = createPrivateKey(config.AUTH_RSA_PRIVATE_KEY);
      const publicPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
      return Promise.resolve({ public_key: publicPem, private_key: config.AUTH_RSA_PRIVATE_KEY });
    }
    return get('password-rsa-oaep', newRsaPair);
  };
  const pepper = async (): Promise<string> =>
    config.AUTH_SECRET ??
    (await get('otp-pepper', async () => ({ public_key: '', private_key: randomBytes(32).toString('hex') }))).private_key;

  return {
    async passwordPublicKey() {
      const { public_key } = await passwordKey();
      return createPublicKey(public_key).export({ type: 'spki', format: 'der' }).toString('base64');
    },
    async decryptPassword(ciphertext) {
      if (!/^[A-Za-z0-9+/=_-]{16,1024}$/.test(ciphertext)) return null;
      const { private_key } = await passwordKey();
      try {
        const clear = privateDecrypt(
          { key: private_key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(ciphertext, ciphertext.includes('-') || ciphertext.includes('_') ? 'base64url' : 'base64'),
        );
        return clear.toString('utf8');
      } catch {
        return null;
      }
    },
    async hashCode(scope, code) {
      return createHmac('sha256', await pepper())
        .update(`${scope}\u0000${code}`)
        .digest('hex');
    },
    sameHash(a, b) {
      const x = Buffer.from(a, 'hex');
      const y = Buffer.from(b, 'hex');
      return x.length === y.length && timingSafeEqual(x, y);
    },
    devIdpKeys: () => get('dev-idp-rs256', newRsaPair),
  };
}
