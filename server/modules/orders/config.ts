import { z } from 'zod';

// Settings of the orders module, read once at start-up (STYLE §12). Operations calls authenticate with OPS_TOKEN;
// production refuses to start without one (a long random token). Without it elsewhere, the operations API
// answers 401 to everyone.
const OrdersConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    OPS_TOKEN: z
      .string()
      .optional()
      .transform((v) => v || undefined),
    KASRAT_DEV_TOOLS: z.enum(['0', '1', '']).optional(),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production' && !c.OPS_TOKEN)
      ctx.addIssue({ code: 'custom', path: ['OPS_TOKEN'], message: 'required in production' });
    if (c.OPS_TOKEN && c.OPS_TOKEN.length < 16)
      ctx.addIssue({ code: 'custom', path: ['OPS_TOKEN'], message: 'must be at least 16 characters' });
    if (c.NODE_ENV === 'production' && c.KASRAT_DEV_TOOLS === '1')
      ctx.addIssue({ code: 'custom', path: ['KASRAT_DEV_TOOLS'], message: 'cannot be on in production' });
  })
  .transform((c) => ({ opsToken: c.OPS_TOKEN ?? null, devTools: c.KASRAT_DEV_TOOLS === '1' }));

export type OrdersConfig = z.infer<typeof OrdersConfigSchema>;

export function readOrdersConfig(env: NodeJS.ProcessEnv = process.env): OrdersConfig {
  const parsed = OrdersConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid orders configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
