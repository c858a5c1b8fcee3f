import { z } from 'zod';
import { normaliseEmail } from './text.ts';
import { envelope, IdParam } from './common.ts';
import { EmailSchema, INPUT_PATTERNS, MobileSchema } from './validation.ts';

// Help centre (SPEC §1 phone and email support, §7 /api/help-center): request and response shapes shared by the
// server routes and the app.

export const HELP_MESSAGES = {
  reason: 'Please choose a reason',
  order: 'Please choose the order this is about',
  messageEmpty: 'Please describe your issue',
  messageMin: 'Please describe your issue in at least 10 characters',
  messageMax: 'Please keep your message within 1000 characters',
  // SPEC §5 generic textarea: letters, digits, space and + % | & ' / : . ( ) , _ -
  messagePattern: "Please use only letters, digits, spaces and + % | & ' / : . ( ) , _ -",
  searchMax: 'Please search with at most 100 characters',
  attachment: 'Unknown attachment',
} as const;

export const FaqRequest = z.object({
  q: z.string().trim().max(100, HELP_MESSAGES.searchMax).optional(),
  topic: z.string().trim().max(40).optional(),
});
export const Faq = z.object({ id: z.number().int(), topic: z.string(), question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof Faq>;
export const FaqResponse = envelope(z.object({ topics: z.array(z.string()), faqs: z.array(Faq) }));

export const SupportReason = z.object({ id: z.number().int(), label: z.string(), needs_order: z.boolean() });
export type SupportReason = z.infer<typeof SupportReason>;
export const ReasonsResponse = envelope(z.array(SupportReason));

export const PhoneSupport = z.object({
  phone: z.string(),
  tel: z.string(),
  hours: z.string(),
  reasons: z.array(SupportReason),
});
export const PhoneSupportResponse = envelope(PhoneSupport);
export const EmailSupport = z.object({ email: z.string(), response_time: z.string() });
export const EmailSupportResponse = envelope(EmailSupport);

export const CustomerOrder = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  status: z.string(),
  total: z.number().int(),
  item_count: z.number().int(),
  created_at: z.string(),
});
export type CustomerOrder = z.infer<typeof CustomerOrder>;
export const CustomerOrdersResponse = envelope(z.array(CustomerOrder));

export const ShipmentListRequest = z.object({ order_id: IdParam });
export const CustomerShipment = z.object({
  shipment_id: z.number().int(),
  shipment_number: z.string(),
  status: z.string(),
  items: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
});
export type CustomerShipment = z.infer<typeof CustomerShipment>;
export const CustomerShipmentsResponse = envelope(z.array(CustomerShipment));

export const Attachment = z.object({ public_id: z.string(), content_type: z.string(), size: z.number().int(), url: z.string() });
export type Attachment = z.infer<typeof Attachment>;
export const UploadResponse = envelope(z.array(Attachment));

const optionalId = z.preprocess((v) => (v === '' || v === undefined ? null : v), z.coerce.number().int().positive().nullable());

const Message = z
  .string({ error: HELP_MESSAGES.messageEmpty })
  .trim()
  .min(1, HELP_MESSAGES.messageEmpty)
  .min(10, HELP_MESSAGES.messageMin)
  .max(1000, HELP_MESSAGES.messageMax)
  // Line breaks are welcome in a message; every other character follows the generic textarea rule.
  .refine((v) => INPUT_PATTERNS.textarea.test(v.replace(/[\r\n]+/g, ' ')), HELP_MESSAGES.messagePattern);

const ticketFields = {
  reason_id: z.coerce.number({ error: HELP_MESSAGES.reason }).int(HELP_MESSAGES.reason).positive(HELP_MESSAGES.reason),
  order_id: optionalId.default(null),
  shipment_id: optionalId.default(null),
  message: Message,
};

/** POST /api/help-center/phone: a call back about a reason, to a mobile number. */
export const PhoneTicketRequest = z.object({ ...ticketFields, mobile: MobileSchema });
export type PhoneTicketRequest = z.input<typeof PhoneTicketRequest>;
/** POST /api/help-center/email: a written request, optionally with attachments uploaded first (POST /upload). */
export const EmailTicketRequest = z.object({
  ...ticketFields,
  email: z.string().transform(normaliseEmail).pipe(EmailSchema),
  attachments: z
    .array(z.string().regex(/^[0-9a-f]{32}$/, HELP_MESSAGES.attachment))
    .max(3, 'Please attach at most 3 files')
    .default([]),
});
export type EmailTicketRequest = z.input<typeof EmailTicketRequest>;

export const Ticket = z.object({
  reference: z.string(),
  channel: z.enum(['phone', 'email']),
  reason: z.string(),
  order_number: z.string().nullable(),
  shipment_number: z.string().nullable(),
  contact: z.string(),
  message: z.string(),
  attachments: z.array(z.string()),
  created_at: z.string(),
});
export type Ticket = z.infer<typeof Ticket>;
export const TicketResponse = envelope(Ticket);
export const TicketsResponse = envelope(z.array(Ticket));
