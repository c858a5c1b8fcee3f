import { z } from 'zod';
import { envelope } from './common.ts';
import { GRIEVANCE_CATEGORIES, GRIEVANCE_STATUSES, type GrievanceCategory } from './grievance-rules.ts';
import { INPUT_PATTERNS } from './validation.ts';

export * from './grievance-rules.ts';

// Grievance redressal (docs/grievance-redressal.md): the grievance officer, a shopper's complaint and its ticket,
// and the console's list. Shared by the server routes and the app.

export const GRIEVANCE_MESSAGES = {
  category: 'Please choose what your complaint is about',
  order: 'Please choose one of your orders, or none',
  messageEmpty: 'Please describe your complaint',
  messageMin: 'Please describe your complaint in at least 20 characters',
  messageMax: 'Please keep your complaint within 2000 characters',
  // SPEC §5 generic textarea: letters, digits, space and + % | & ' / : . ( ) , _ -
  messagePattern: "Please use only letters, digits, spaces and + % | & ' / : . ( ) , _ -",
  answerEmpty: 'Please write the answer the shopper will receive',
  answerMin: 'Please write an answer of at least 20 characters',
  answerMax: 'Please keep the answer within 2000 characters',
  tooMany: 'You have filed several complaints just now. Please wait a little before filing another.',
  notFound: 'Complaint not found.',
  resolved: 'This complaint is already resolved.',
} as const;

export const GrievanceOfficer = z.object({
  name: z.string(),
  designation: z.string(),
  email: z.string(),
  phone: z.string(),
  tel: z.string(),
  address: z.string(),
  acknowledge_within_hours: z.number().int(),
  resolve_within: z.string(),
});
export type GrievanceOfficer = z.infer<typeof GrievanceOfficer>;
export const GrievanceOfficerResponse = envelope(GrievanceOfficer);

/** A text a person writes: trimmed, bounded, line breaks kept, every other character as SPEC §5's textarea rule. */
const text = (m: { empty: string; min: string; max: string }) =>
  z
    .string({ error: m.empty })
    .trim()
    .min(1, m.empty)
    .min(20, m.min)
    .max(2000, m.max)
    .refine((v) => INPUT_PATTERNS.textarea.test(v.replace(/[\r\n]+/g, ' ')), GRIEVANCE_MESSAGES.messagePattern);

const categories = Object.keys(GRIEVANCE_CATEGORIES) as [GrievanceCategory, ...GrievanceCategory[]];

/** POST /api/help-center/grievances: a complaint, about one of the shopper's orders or none. */
export const GrievanceRequest = z.object({
  category: z.enum(categories, { error: GRIEVANCE_MESSAGES.category }),
  order_number: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z
      .string({ error: GRIEVANCE_MESSAGES.order })
      .trim()
      .regex(/^[A-Za-z0-9-]{1,32}$/, GRIEVANCE_MESSAGES.order)
      .nullable(),
  ),
  message: text({ empty: GRIEVANCE_MESSAGES.messageEmpty, min: GRIEVANCE_MESSAGES.messageMin, max: GRIEVANCE_MESSAGES.messageMax }),
});
export type GrievanceRequest = z.input<typeof GrievanceRequest>;

const Status = z.enum(GRIEVANCE_STATUSES);

/** A complaint as its shopper sees it. */
export const Grievance = z.object({
  reference: z.string(),
  status: Status,
  category: z.string(),
  order_number: z.string().nullable(),
  message: z.string(),
  created_at: z.string(),
  acknowledge_by: z.string(),
  resolve_by: z.string(),
  acknowledged_at: z.string().nullable(),
  resolved_at: z.string().nullable(),
  answer: z.string().nullable(),
});
export type Grievance = z.infer<typeof Grievance>;
export const GrievanceResponse = envelope(Grievance);
export const GrievancesResponse = envelope(z.array(Grievance));

/** A complaint in the console: who filed it, and where its clocks stand. */
export const OpsGrievance = Grievance.extend({
  customer_id: z.number().int(),
  customer_name: z.string(),
  contact: z.string(),
  next_deadline: z.string().nullable(),
  overdue: z.object({ acknowledge: z.boolean(), resolve: z.boolean() }),
});
export type OpsGrievance = z.infer<typeof OpsGrievance>;
export const OpsGrievancesQuery = z.object({ status: z.enum(['pending', ...GRIEVANCE_STATUSES]).default('pending') });
export const OpsGrievancesResponse = envelope(z.array(OpsGrievance));
export const GrievanceParams = z.object({ reference: z.string().regex(/^KSG-[0-9A-F]{8}$/, GRIEVANCE_MESSAGES.notFound) });
export const GrievanceAnswerRequest = z.object({
  answer: text({ empty: GRIEVANCE_MESSAGES.answerEmpty, min: GRIEVANCE_MESSAGES.answerMin, max: GRIEVANCE_MESSAGES.answerMax }),
});
export const OpsGrievanceResponse = envelope(OpsGrievance);
