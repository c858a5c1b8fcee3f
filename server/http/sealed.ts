import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { isLoopbackHost } from '../config.ts';

// Secrets at rest under a rotating key, as refund bank account numbers are (README "Security"): AES-256-GCM, a
// random IV per value, additional data binding the value to its row (a value copied to another row does not open).
// A key is "<id>:<32 bytes, base64>" in `<NAME>`; keys retired by a rotation stay readable through `<NAME_OLD_KEYS>`
// until a re-encryption pass has moved every row. Stored as "v1:<key id>:<iv>:<ciphertext>:<tag>".

export interface SealKey {
  id: string;
  key: Buffer;
}

export interface Keyring {
  current: SealKey;
  all: Map<string, SealKey>;
}

export const SEAL_KEY_FORMAT = /^([A-Za-z0-9_-]{1,32}):([A-Za-z0-9+/=_-]{40,64})$/;

export function parseSealKey(value: string): SealKey | null {
  const m = SEAL_KEY_FORMAT.exec(value.trim());
  if (!m) return null;
  const key = Buffer.from(m[2], 'base64');
  return key.length === 32 ? { id: m[1], key } : null;
}

/**
 * The current key of `name` and every readable one. Outside production, on a development or loopback store, a
 * public development key (derived from `devSeed`) stands in; anywhere else a missing key throws.
 */
export function keyringFrom(env: NodeJS.ProcessEnv, name: string, oldName: string, devSeed: string): Keyring {
  const value = env[name];
  const configured = value ? parseSealKey(value) : null;
  if (value && !configured) throw new Error(`${name} must be "<id>:<32 bytes in base64>"`);
  const devAllowed = env.NODE_ENV !== 'production' && (env.KASRAT_DEV_TOOLS === '1' || isLoopbackHost(env.HOST ?? '127.0.0.1'));
  if (!configured && !devAllowed) throw new Error(`${name} is required (README "Security")`);
  const dev: SealKey = { id: 'dev', key: createHash('sha256').update(devSeed).digest() };
  const current = configured ?? dev;
  const all = new Map<string, SealKey>(devAllowed ? [[dev.id, dev]] : []);
  for (const old of (env[oldName] ?? '').split(',').filter((v) => v.trim())) {
    const key = parseSealKey(old);
    if (!key) throw new Error(`${oldName} must be a comma-separated list of "<id>:<32 bytes in base64>"`);
    all.set(key.id, key);
  }
  all.set(current.id, current);
  return { current, all };
}

export function seal(keys: Keyring, clear: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.current.key, iv).setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
  return ['v1', keys.current.id, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join(':');
}

/** The clear value; one without the "v1:" prefix was stored before encryption and is returned as is. */
export function unseal(keys: Keyring, stored: string, aad: string, oldName: string): string {
  if (!stored.startsWith('v1:')) return stored;
  const [, id, iv, body, tag] = stored.split(':');
  const key = keys.all.get(id);
  if (!key) throw new Error(`key "${id}" is not configured (${oldName})`);
  const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(aad));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** Whether a stored value is already under the current key. */
export const sealedUnderCurrent = (keys: Keyring, stored: string): boolean => stored.startsWith(`v1:${keys.current.id}:`);
