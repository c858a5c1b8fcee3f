import { cancelOrderShipment, previewCancel } from '../../flows/cancel.ts';
import { processRefund } from '../../flows/refund.ts';
import { submitReturn, withdrawReturn } from '../../flows/return.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import {
  CancelReverseRequest,
  CancelRefundRequest,
  CancelRefundResponse,
  CancelShipmentRequest,
  IfscQuery,
  OrderListingRequest,
  PartialCancelRequest,
  RefundAmountRequest,
  ReturnSubmitRequest,
  SetSelectAddressRequest,
  ShipmentDetailsRequest,
  ShipmentQuery,
  CreditNoteQuery,
  UpdateBankDetailsRequest,
  ReturnMediaResponse,
  RefundAmountResponse,
  OrderListingResponse,
  BankAccountResponse,
  IfscDetailsResponse,
  ReturnSubmitResponse,
  BankListingResponse,
  ReasonsResponse,
  BankDetailsResponse,
  SetSelectAddressResponse,
  CancelResponse,
  ReturnShipmentDetailsResponse,
  ShipmentDetailsResponse,
  WithdrawReturnResponse,
} from '../../../schemas/orders.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { BadRequest, Unauthorized } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';
import { receiveFiles, storeUpload } from '../../modules/uploads/index.ts';
import { latestBankAccount, listBankAccounts, lookupIfsc, saveBankAccountAsOwner } from '../../modules/orders/bank-accounts.ts';
import { shipmentCreditNote, shipmentInvoice } from '../../modules/orders/invoice.ts';
import type { RefundAdapters } from '../../modules/orders/refunds.ts';
import {
  assertReturnable,
  attachReturnMedia,
  CANCEL_REASONS,
  listOrders,
  orderDetails,
  RETURN_REASONS,
  refundQuote,
  returnDetails,
  setPickupAddress,
} from '../../modules/orders/service.ts';

// Every /api/order call of SPEC §7. Each one needs a signed-in customer and only ever sees that customer's
// orders, shipments, bank accounts and photos: anything else is a 404 that tells nothing.

async function customerOf(req: FastifyRequest): Promise<number> {
  const session = await req.getSession();
  if (!session?.customerId) throw new Unauthorized('Please sign in to see your orders.');
  return session.customerId;
}

export async function orderRoutes(root: FastifyInstance, { db, refunds }: { db: Db; refunds: RefundAdapters }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  /** Pays the refunds a change created, after its commit; a failure leaves them pending for a retry. */
  const payOut = async (req: FastifyRequest, ids: number[]) => {
    for (const id of ids) {
      try {
        await processRefund(db, id, refunds);
      } catch (error) {
        req.log.warn({ err: String(error), refundId: id }, 'refund left pending');
      }
    }
  };

  app.post(
    '/api/order/order-listing',
    {
      config: { access: 'customer' },
      schema: {
        summary: "The customer's orders, a page at a time",
        operationId: 'listOrders',
        response: { 200: OrderListingResponse },
        body: OrderListingRequest,
      },
    },
    async (req) => {
      const customerId = await customerOf(req);
      const body = req.body;
      return ok(await listOrders(db, customerId, body.page, body.page_size));
    },
  );

  app.post(
    '/api/order/shipment-details',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'One shipment with its items, tracking and actions',
        operationId: 'getShipmentDetails',
        response: { 200: ShipmentDetailsResponse },
        body: ShipmentDetailsRequest,
      },
    },
    async (req) => {
      const customerId = await customerOf(req);
      const body = req.body;
      return ok(await orderDetails(db, customerId, body.order_id));
    },
  );

  app.get(
    '/api/order/cancel-shipment-reason',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Reasons a shopper may give for cancelling',
        operationId: 'listCancelReasons',
        response: { 200: ReasonsResponse },
      },
    },
    async (req) => {
      await customerOf(req);
      return ok(CANCEL_REASONS.map((r) => ({ ...r })));
    },
  );

  app.post(
    '/api/order/cancel-shipment-submit',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Cancel a whole shipment',
        operationId: 'cancelShipment',
        response: { 200: CancelResponse },
        body: CancelShipmentRequest,
      },
    },
    async (req) => {
      const customerId = await customerOf(req);
      const body = req.body;
      const { refundIds, order: _o, products: _p, reviewsWithdrawn: _r, ...result } = await cancelOrderShipment(db, customerId, body, null);
      await payOut(req, refundIds);
      return ok(result, 'Your shipment has been cancelled.');
    },
  );

  app.post(
    '/api/order/cancel-refund-amount',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'The refund a cancellation would give',
        operationId: 'getCancelRefundAmount',
        response: { 200: CancelRefundResponse },
        body: CancelRefundRequest,
      },
    },
    async (req) => {
      const customerId = await customerOf(req);
      const body = req.body;
      return ok(await previewCancel(db, customerId, body.shipmentId, body.items ?? null));
    },
  );

  app.post(
    '/api/order/partial-cancel-shipment-submit',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Cancel some items of a shipment',
        operationId: 'cancelShipmentItems',
        response: { 200: CancelResponse },
        body: PartialCancelRequest,
      },
    },
    async (req) => {
      const customerId = await customerOf(req);
      const body = req.body;
      const {
        refundIds,
        order: _o,
        products: _p,
        reviewsWithdrawn: _r,
        ...result
      } = await cancelOrderShipment(db, customerId, body, body.items);
      await payOut(req, refundIds);
      return ok(result, result.status === 'cancelled' ? 'Your shipment has been cancelled.' : 'The selected items have been cancelled.');
    },
  );

  app.post(
    '/api/order/cancel-reverse-shipment-submit',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Cancel a return request',
        operationId: 'cancelReturn',
        body: CancelReverseRequest,
        response: { 200: WithdrawReturnResponse },
      },
    },
    async (req) => {
      const customerId = await customerOf(req);
      const body = req.body;
      return ok(await withdrawReturn(db, customerId, body.shipmentId), 'Your return request has been withdrawn.');
    },
  );

  app.get(
    '/api/order/return-item-reasons',
    {
      config: { access: 'customer' },
      schema: { summary: 'Reasons a shopper may give for returning', operationId: 'listReturnReasons', response: { 200: ReasonsResponse } },
    },
    async (req) => {
      await customerOf(req);
      return ok(RETURN_REASONS.map((r) => ({ ...r })));
    },
  );

  app.get(
    '/api/order/return-shipment-details',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'What of a shipment can be returned',
        operationId: 'getReturnDetails',
        response: { 200: ReturnShipmentDetailsResponse },
        querystring: ShipmentQuery,
      },
    },
    async (req) => {
      const customerId = await customerOf(req);
      const query = req.query;
      return ok(await returnDetails(db, customerId, query.shipmentId));
    },
  );

  // One photo per call (multipart: field shipmentId, then the file). The uploads module checks the bytes; the
  // fields arrive with the file, so they are parsed here rather than declared (docs/decisions/025).
  app.post(
    '/api/order/return-shipment-media',
    {
      config: { access: 'customer' },
      schema: { summary: 'Upload photos for a return', operationId: 'uploadReturnMedia', response: { 200: ReturnMediaResponse } },
    },
    async (req) => {
      const customerId = await customerOf(req);
      const { files, fields } = await receiveFiles(req, 'return_media', { db, customerId });
      const { shipmentId } = parse(ShipmentQuery, fields);
      if (files.length !== 1) throw new BadRequest('Please upload one photo at a time.');
      const shipment = await assertReturnable(db, customerId, shipmentId);
      const stored = await attachReturnMedia(db, shipment.id, (tx) =>
        storeUpload(tx, { customerId, purpose: 'return_media', bytes: files[0].bytes }),
      );
      return ok({ media_id: stored.public_id, url: stored.url, content_type: stored.content_type, size: stored.size }, 'Photo added.');
    },
  );

  app.post(
    '/api/order/return-shipment-refund-amount',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'The refund a return would give',
        operationId: 'getReturnRefundAmount',
        response: { 200: RefundAmountResponse },
        body: RefundAmountRequest,
      },
    },
    async (req) => {
      const customerId = await customerOf(req);
      const body = req.body;
      return ok(await refundQuote(db, customerId, body.shipmentId, body.items));
    },
  );

  app.post(
    '/api/order/return-shipment-submit',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Request a return',
        operationId: 'requestReturn',
        response: { 200: ReturnSubmitResponse },
        body: ReturnSubmitRequest,
      },
    },
    async (req) => {
      const customerId = await customerOf(req);
      const body = req.body;
      return ok(await submitReturn(db, customerId, body), 'Your return request has been placed. We will pick it up soon.');
    },
  );

  app.post(
    '/api/order/set-select-address',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Choose the pickup address of a return',
        operationId: 'setReturnPickupAddress',
        response: { 200: SetSelectAddressResponse },
        body: SetSelectAddressRequest,
      },
    },
    async (req) => {
      const customerId = await customerOf(req);
      const body = req.body;
      return ok(await setPickupAddress(db, customerId, body.shipmentId, body.address_id), 'Pickup address saved.');
    },
  );

  app.get(
    '/api/order/customer-bank-details',
    {
      config: { access: 'customer' },
      schema: { summary: "The customer's refund bank account", operationId: 'getBankDetails', response: { 200: BankDetailsResponse } },
    },
    async (req) => {
      const customerId = await customerOf(req);
      return ok(await latestBankAccount(db, customerId));
    },
  );

  app.get(
    '/api/order/customer-bank-listing',
    {
      config: { access: 'customer' },
      schema: {
        summary: "The customer's saved refund bank accounts",
        operationId: 'listBankAccounts',
        response: { 200: BankListingResponse },
      },
    },
    async (req) => {
      const customerId = await customerOf(req);
      return ok(await listBankAccounts(db, customerId));
    },
  );

  app.post(
    '/api/order/update-bank-details',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Save a refund bank account',
        operationId: 'updateBankDetails',
        response: { 200: BankAccountResponse },
        body: UpdateBankDetailsRequest,
      },
    },
    async (req) => {
      const customerId = await customerOf(req);
      const body = req.body;
      return ok(await saveBankAccountAsOwner(db, req, customerId, body), 'Bank account saved.');
    },
  );

  app.get(
    '/api/order/fetch-ifsc-details',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'The bank and branch of an IFSC code',
        operationId: 'lookUpIfsc',
        response: { 200: IfscDetailsResponse },
        querystring: IfscQuery,
      },
    },
    async (req) => {
      await customerOf(req);
      const { ifsc } = req.query;
      return ok(await lookupIfsc(db, ifsc));
    },
  );

  app.get(
    '/api/order/shipment-invoice',
    {
      config: { access: 'customer' },
      schema: { summary: "A shipment's invoice", operationId: 'getShipmentInvoice', querystring: ShipmentQuery },
    },
    async (req, reply) => {
      const customerId = await customerOf(req);
      const { shipmentId } = req.query;
      const file = await shipmentInvoice(db, customerId, shipmentId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  );
  // The GST credit note of a refund of an invoiced shipment, downloaded where the invoice is
  // (docs/decisions/028-gst-tax-invoices.md).
  app.get(
    '/api/order/credit-note',
    {
      config: { access: 'customer' },
      schema: { summary: 'A credit note of a refund', operationId: 'getCreditNote', querystring: CreditNoteQuery },
    },
    async (req, reply) => {
      const customerId = await customerOf(req);
      const file = await shipmentCreditNote(db, customerId, req.query.serial);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  );
}
