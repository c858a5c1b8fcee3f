import { z } from 'zod';
import type { AppLinks } from '../../../schemas/content-pages.ts';

// SPEC §1: mobile apps exist for iOS and Android and their store links are configured. An empty setting hides
// that platform's link; a link that is not https is refused at start-up rather than shown to shoppers.
const StoreUrl = z
  .string()
  .trim()
  .refine((v) => v === '' || /^https:\/\/[^\s]+$/.test(v), 'must be an https address');

const AppLinksConfig = z.object({
  APP_STORE_URL: StoreUrl.default('https://apps.apple.com/in/app/kasrat/id1500000000'),
  PLAY_STORE_URL: StoreUrl.default('https://play.google.com/store/apps/details?id=in.kasrat.app'),
});

export function readAppLinks(env: NodeJS.ProcessEnv = process.env): AppLinks {
  const parsed = AppLinksConfig.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid app store link ${issue?.path.join('.')}: ${issue?.message}`);
  }
  return { ios: parsed.data.APP_STORE_URL || null, android: parsed.data.PLAY_STORE_URL || null };
}
