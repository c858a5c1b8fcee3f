import { z } from 'zod';
import { GST_STATES, gstinProblem } from './gst-rules.ts';

// The seller a tax invoice names (docs/decisions/028-gst-tax-invoices.md): legal name, GSTIN and registered address,
// read from the environment through this schema. The seller's state is the GSTIN's state code, so the place of supply
// is compared with the state the seller is registered in.
const SellerConfigSchema = z
  .object({
    /** The seller's legal name as registered for GST, printed on every tax invoice and credit note. */
    SELLER_LEGAL_NAME: z.string().trim().min(3).max(120).default('Kasrat Nutrition Private Limited'),
    /** The seller's GSTIN (15 characters, check character verified); its first two digits are the seller's state. */
    SELLER_GSTIN: z
      .string()
      .trim()
      .toUpperCase()
      .default('07AAKCK4821R1ZW')
      .superRefine((v, ctx) => {
        const problem = gstinProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: `not a valid GSTIN: ${problem}` });
      }),
    /** The registered address, lines separated by "|"; the last line names the state the GSTIN is registered in. */
    SELLER_ADDRESS: z
      .string()
      .trim()
      .min(10)
      .max(300)
      .default('Plot 14, Okhla Industrial Estate, Phase III|New Delhi, Delhi 110020, India'),
    /** The address customers write to, printed under the seller. */
    SELLER_EMAIL: z.email().default('care@kasrat.in'),
    /** The invoice series' prefix: 1 to 3 letters or digits, so a serial "KSR/26-27/000123" keeps to the 16 characters GST allows. */
    INVOICE_SERIES_PREFIX: z
      .string()
      .regex(/^[A-Z0-9]{1,3}$/)
      .default('KSR'),
    /** The credit note series' prefix: 1 to 3 letters or digits; it must differ from the invoice series'. */
    CREDIT_NOTE_SERIES_PREFIX: z
      .string()
      .regex(/^[A-Z0-9]{1,3}$/)
      .default('KCN'),
  })
  .refine((c) => c.INVOICE_SERIES_PREFIX !== c.CREDIT_NOTE_SERIES_PREFIX, {
    path: ['CREDIT_NOTE_SERIES_PREFIX'],
    message: 'must differ from INVOICE_SERIES_PREFIX',
  });

export interface Seller {
  legalName: string;
  gstin: string;
  address: string[];
  email: string;
  stateCode: string;
  stateName: string;
  invoicePrefix: string;
  creditNotePrefix: string;
}

/** The seller's settings; throws, naming each wrong setting, when the environment holds an invalid one. */
export function sellerConfig(env: NodeJS.ProcessEnv = process.env): Seller {
  const parsed = SellerConfigSchema.safeParse({
    SELLER_LEGAL_NAME: env.SELLER_LEGAL_NAME,
    SELLER_GSTIN: env.SELLER_GSTIN,
    SELLER_ADDRESS: env.SELLER_ADDRESS,
    SELLER_EMAIL: env.SELLER_EMAIL,
    INVOICE_SERIES_PREFIX: env.INVOICE_SERIES_PREFIX,
    CREDIT_NOTE_SERIES_PREFIX: env.CREDIT_NOTE_SERIES_PREFIX,
  });
  if (!parsed.success)
    throw new Error(`Invalid seller configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const c = parsed.data;
  const stateCode = c.SELLER_GSTIN.slice(0, 2);
  return {
    legalName: c.SELLER_LEGAL_NAME,
    gstin: c.SELLER_GSTIN,
    address: c.SELLER_ADDRESS.split('|')
      .map((l) => l.trim())
      .filter(Boolean),
    email: c.SELLER_EMAIL,
    stateCode,
    stateName: GST_STATES[stateCode] as string,
    invoicePrefix: c.INVOICE_SERIES_PREFIX,
    creditNotePrefix: c.CREDIT_NOTE_SERIES_PREFIX,
  };
}
