import type { PublicKeyResponse } from '../../../schemas/account.ts';
import { get } from '../../api/client.ts';

// SPEC §7: passwords are encrypted in the browser before sending: RSA-OAEP (SHA-256) with the server's public
// key, through WebCrypto. The key is fetched once per page load.

let keyPromise: Promise<CryptoKey> | null = null;

const fromBase64 = (b64: string): ArrayBuffer => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)).buffer as ArrayBuffer;
const toBase64 = (bytes: ArrayBuffer): string => btoa(String.fromCharCode(...new Uint8Array(bytes)));

function serverKey(): Promise<CryptoKey> {
  keyPromise ??= get<typeof PublicKeyResponse>('/api/auth/public-key')
    .then((res) => crypto.subtle.importKey('spki', fromBase64(res.data.spki), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']))
    .catch((error) => {
      keyPromise = null;
      throw error;
    });
  return keyPromise;
}

/** The ciphertext (base64) to send with is_encrypted: true. */
export async function encryptPassword(password: string): Promise<string> {
  const key = await serverKey();
  return toBase64(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(password)));
}
