import type { KeyRing } from '../auth/index.ts';

export { unsubscribeLink } from './signature.ts';

/** The key unsubscribe links are signed with: derived from the sign-in key ring, so every instance agrees. */
export function linkSigningSecret(keys: KeyRing): () => Promise<string> {
  return () => keys.hashCode('unsubscribe-link', 'v1');
}
export { unsubscribe } from './service.ts';
