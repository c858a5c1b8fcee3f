import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { EmailTicketRequest, PhoneTicketRequest, Ticket } from '../../../schemas/help-center.ts';
import type { Db } from '../../db/database.ts';
import { BadRequest, NotFound } from '../../http/errors.ts';
import { clientKey, enforceLimit } from '../../http/rate-limit.ts';
import { enqueueMessage, signalOutbox } from '../../messaging/index.ts';
import { ownUpload, type ReceivedFile, type StoredUpload, storeUpload } from '../uploads/index.ts';
import * as q from './queries.ts';

// Help centre (SPEC §1 phone and email support, §7 /api/help-center): FAQ, support channels with their reasons,
// the customer's orders and shipments to pick from, attachments, and tickets acknowledged through the outbox.

/** The customer-service contact of the structured data (SPEC §9), as the help centre shows it. */
export const SUPPORT_CONTACT = {
  phone: '+91-11-4000-1234',
  hours: 'Monday to Saturday, 9:00 – 21:00 IST',
  email: 'care@kasrat.test',
  response_time: 'We answer every email within 24 hours.',
} as const;

export async function faqData(db: Db, search?: string, topic?: string) {
  const [topics, faqs] = await Promise.all([q.faqTopics(db), q.faqs(db, search, topic)]);
  return { topics, faqs };
}

export async function phoneSupport(db: Db) {
  return {
    phone: SUPPORT_CONTACT.phone,
    tel: `tel:${SUPPORT_CONTACT.phone.replace(/[^\d+]/g, '')}`,
    hours: SUPPORT_CONTACT.hours,
    reasons: await q.reasons(db, 'phone'),
  };
}

export const emailSupport = () => ({ email: SUPPORT_CONTACT.email, response_time: SUPPORT_CONTACT.response_time });
export const emailReasons = (db: Db) => q.reasons(db, 'email');

export async function customerOrderList(db: Db, customerId: number) {
  const rows = await q.customerOrders(db, customerId);
  return rows.map((r) => ({ ...r, item_count: r.item_count ?? 0, created_at: new Date(r.created_at).toISOString() }));
}

export async function customerShipmentList(db: Db, customerId: number, orderId: number) {
  // Another customer's order is "not found": nothing is learned about it.
  if (!(await q.customerOrder(db, customerId, orderId))) throw new NotFound('Order not found.');
  return q.orderShipments(db, orderId);
}

export async function uploadAttachments(db: Db, customerId: number, files: ReceivedFile[]): Promise<StoredUpload[]> {
  if (files.length === 0) throw new BadRequest('Please choose a file to upload.');
  const stored: StoredUpload[] = [];
  // Each file is checked before any is kept, so one bad file leaves nothing half-uploaded.
  await db.transaction().execute(async (tx) => {
    for (const file of files) stored.push(await storeUpload(tx, { customerId, purpose: 'help_attachment', bytes: file.bytes }));
  });
  return stored;
}

export class ReasonNotFound extends BadRequest {
  constructor() {
    super('Please choose a reason');
  }
}
export class OrderRequired extends BadRequest {
  constructor() {
    super('Please choose the order this is about');
  }
}

const reference = () => `KSP-${randomBytes(4).toString('hex').toUpperCase()}`;

interface TicketInput {
  channel: 'phone' | 'email';
  reason_id: number;
  order_id: number | null;
  shipment_id: number | null;
  message: string;
  contact: string;
  attachments: string[];
}

/** Checks the reason, order, shipment and attachments belong together and to the customer. */
async function checkTicket(db: Db, customerId: number, input: TicketInput) {
  const reason = await q.reason(db, input.reason_id);
  if (!reason || reason.channel !== input.channel) throw new ReasonNotFound();
  if (reason.needs_order && !input.order_id) throw new OrderRequired();
  if (input.shipment_id && !input.order_id) throw new OrderRequired();
  const order = input.order_id ? await q.customerOrder(db, customerId, input.order_id) : undefined;
  if (input.order_id && !order) throw new NotFound('Order not found.');
  const shipment = input.order_id && input.shipment_id ? await q.shipmentOfOrder(db, input.order_id, input.shipment_id) : undefined;
  if (input.shipment_id && !shipment) throw new NotFound('Shipment not found.');
  const attachments = [];
  for (const id of new Set(input.attachments)) attachments.push(await ownUpload(db, id, customerId, 'help_attachment'));
  return { reason, order, shipment, attachments };
}

export const CONTACT_MESSAGES = {
  email: 'Please use the email verified on your account (verify it in My Profile), or ask for a call back.',
  mobile: 'Please use the mobile number verified on your account.',
  tooMany: 'You have sent several requests just now. Please wait a little before sending another.',
} as const;

/**
 * The store is no relay (README "Security"): acknowledgements go only to a contact the signed-in customer proved
 * on their account, and tickets are counted per account, per client address and per recipient in the database.
 */
export const TICKET_LIMITS = { perAccountPerHour: 5, perClientPerHour: 20, perRecipientPerDay: 10 } as const;

async function checkContactAndLimits(db: Db, customerId: number, input: TicketInput, ip: string) {
  const customer = await db
    .selectFrom('customers')
    .select(['email', 'email_verified', 'mobile', 'mobile_verified'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (input.channel === 'email' && !(customer?.email_verified && customer.email === input.contact))
    throw new BadRequest(CONTACT_MESSAGES.email);
  if (input.channel === 'phone' && !(customer?.mobile_verified && customer.mobile === input.contact))
    throw new BadRequest(CONTACT_MESSAGES.mobile);
  await enforceLimit(db, `ticket:account:${customerId}`, TICKET_LIMITS.perAccountPerHour, 3600, CONTACT_MESSAGES.tooMany);
  await enforceLimit(db, `ticket:ip:${clientKey(ip)}`, TICKET_LIMITS.perClientPerHour, 3600, CONTACT_MESSAGES.tooMany);
  await enforceLimit(db, `ticket:to:${input.contact}`, TICKET_LIMITS.perRecipientPerDay, 86_400, CONTACT_MESSAGES.tooMany);
}

/** Stores the ticket and queues its acknowledgement in the same transaction (the outbox sends it). */
async function openTicket(db: Db, customerId: number, input: TicketInput, ip: string): Promise<Ticket> {
  const { reason, order, shipment, attachments } = await checkTicket(db, customerId, input);
  await checkContactAndLimits(db, customerId, input, ip);
  const saved = await db.transaction().execute(async (tx) => {
    const row = await q.insertTicket(tx, {
      reference: reference(),
      customer_id: customerId,
      channel: input.channel,
      reason_id: reason.id,
      order_id: order?.id ?? null,
      shipment_id: shipment?.id ?? null,
      contact: input.contact,
      message: input.message,
      attachments: attachments.map((a) => a.public_id),
    });
    const about = order ? ` about order ${order.order_number}${shipment ? `, shipment ${shipment.shipment_number}` : ''}` : '';
    if (input.channel === 'phone') {
      await enqueueMessage(tx, {
        channel: 'sms',
        to: input.contact,
        c_code: '+91',
        body: `Kasrat: we received your call-back request ${row.reference} (${reason.label})${about}. Our team will call you within 4 working hours.`,
      });
    } else {
      await enqueueMessage(tx, {
        channel: 'email',
        to: input.contact,
        subject: `We received your request ${row.reference}`,
        body: `Hello,\n\nThank you for writing to Kasrat customer care. Your request ${row.reference} (${reason.label})${about} is with our team. ${SUPPORT_CONTACT.response_time}\n\nYour message:\n${input.message}\n\nTeam Kasrat`,
      });
    }
    return row;
  });
  signalOutbox();
  return {
    reference: saved.reference,
    channel: input.channel,
    reason: reason.label,
    order_number: order?.order_number ?? null,
    shipment_number: shipment?.shipment_number ?? null,
    contact: input.contact,
    message: input.message,
    attachments: attachments.map((a) => a.url),
    created_at: new Date(saved.created_at).toISOString(),
  };
}

export const requestCallBack = (db: Db, customerId: number, input: z.output<typeof PhoneTicketRequest>, ip: string) =>
  openTicket(db, customerId, { ...input, channel: 'phone', contact: input.mobile, attachments: [] }, ip);

export const sendEmailRequest = (db: Db, customerId: number, input: z.output<typeof EmailTicketRequest>, ip: string) =>
  openTicket(db, customerId, { ...input, channel: 'email', contact: input.email }, ip);

export async function supportTickets(db: Db, customerId: number): Promise<Ticket[]> {
  const rows = await q.customerTickets(db, customerId);
  return rows.map((r) => ({
    ...r,
    attachments: (Array.isArray(r.attachments) ? r.attachments : []).map((id) => `/api/uploads/${id}`),
    created_at: new Date(r.created_at).toISOString(),
  }));
}
