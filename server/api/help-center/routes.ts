import type { FastifyInstance } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import {
  EmailTicketRequest,
  FaqRequest,
  PhoneTicketRequest,
  ShipmentListRequest,
  FaqResponse,
  PhoneSupportResponse,
  EmailSupportResponse,
  ReasonsResponse,
  CustomerOrdersResponse,
  CustomerShipmentsResponse,
  TicketsResponse,
  UploadResponse,
  TicketResponse,
} from '../../../schemas/help-center.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { requireCustomer } from '../../modules/session/index.ts';
import { receiveFiles } from '../../modules/uploads/index.ts';
import * as service from '../../modules/help-center/service.ts';

// HTTP of SPEC §7 /api/help-center. The FAQ and the support channels are public; everything about the
// customer's own orders and tickets needs a session (401 otherwise; the app blanks that message, SPEC §8).
export async function helpCenterRoutes(root: FastifyInstance, { db }: { db: Db }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  const base = '/api/help-center';

  app.get(
    `${base}/faq-data`,
    {
      schema: {
        response: { 200: FaqResponse },
        summary: 'Frequently asked questions, optionally by topic',
        operationId: 'listFaqs',
        querystring: FaqRequest,
      },
    },
    async (req) => {
      const { q, topic } = req.query;
      return ok(await service.faqData(db, q || undefined, topic || undefined));
    },
  );
  app.get(
    `${base}/customer-phone-support`,
    { schema: { response: { 200: PhoneSupportResponse }, summary: 'The support phone number and hours', operationId: 'getPhoneSupport' } },
    async () => ok(await service.phoneSupport(db)),
  );
  app.get(
    `${base}/customer-email-support`,
    { schema: { response: { 200: EmailSupportResponse }, summary: 'The support email address', operationId: 'getEmailSupport' } },
    async () => ok(service.emailSupport()),
  );
  app.get(
    `${base}/customer-email-reasons`,
    {
      schema: {
        response: { 200: ReasonsResponse },
        summary: 'Reasons a shopper may write to support for',
        operationId: 'listEmailReasons',
      },
    },
    async () => ok(await service.emailReasons(db)),
  );

  app.get(
    `${base}/customer-order-list`,
    {
      schema: {
        response: { 200: CustomerOrdersResponse },
        summary: "The customer's orders, to pick one for a support request",
        operationId: 'listSupportOrders',
      },
      config: { access: 'customer' },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      return ok(await service.customerOrderList(db, customer.id));
    },
  );
  app.get(
    `${base}/customer-shipment-list`,
    {
      config: { access: 'customer' },
      schema: {
        response: { 200: CustomerShipmentsResponse },
        summary: "An order's shipments, to pick one for a support request",
        operationId: 'listSupportShipments',
        querystring: ShipmentListRequest,
      },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      const { order_id } = req.query;
      return ok(await service.customerShipmentList(db, customer.id, order_id));
    },
  );
  app.get(
    `${base}/support`,
    {
      schema: { response: { 200: TicketsResponse }, summary: "The customer's support requests", operationId: 'listSupportTickets' },
      config: { access: 'customer' },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      return ok(await service.supportTickets(db, customer.id));
    },
  );
  app.post(
    `${base}/upload`,
    {
      schema: {
        response: { 200: UploadResponse },
        summary: 'Upload an attachment for a support request',
        operationId: 'uploadSupportAttachment',
      },
      config: { access: 'customer' },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      const { files } = await receiveFiles(req, 'help_attachment', { db, customerId: customer.id });
      const stored = await service.uploadAttachments(db, customer.id, files);
      return ok(
        stored.map(({ public_id, content_type, size, url }) => ({ public_id, content_type, size, url })),
        stored.length === 1 ? 'File attached.' : `${stored.length} files attached.`,
      );
    },
  );
  app.post(
    `${base}/phone`,
    {
      config: { access: 'customer' },
      schema: {
        response: { 200: TicketResponse },
        summary: 'Ask support to call back',
        operationId: 'requestCallBack',
        body: PhoneTicketRequest,
      },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      const input = req.body;
      const ticket = await service.requestCallBack(db, customer.id, input, req.ip);
      return ok(
        ticket,
        `Thank you! Your request ${ticket.reference} is received; we will call you on ${ticket.contact} within 4 working hours.`,
      );
    },
  );
  app.post(
    `${base}/email`,
    {
      config: { access: 'customer' },
      schema: { response: { 200: TicketResponse }, summary: 'Write to support', operationId: 'sendSupportEmail', body: EmailTicketRequest },
    },
    async (req) => {
      const customer = await requireCustomer(db, req);
      const input = req.body;
      const ticket = await service.sendEmailRequest(db, customer.id, input, req.ip);
      return ok(ticket, `Thank you! Your request ${ticket.reference} is received; we have sent a copy to ${ticket.contact}.`);
    },
  );
}
