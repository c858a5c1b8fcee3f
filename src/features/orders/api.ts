import { z } from 'zod';
import { envelope } from '../../../schemas/common.ts';
import {
  BankAccountResponse,
  BankDetailsResponse,
  BankListingResponse,
  CancelResponse,
  IfscDetailsResponse,
  OrderListingResponse,
  ReasonsResponse,
  RefundAmountResponse,
  ReturnMediaResponse,
  ReturnShipmentDetailsResponse,
  ReturnSubmitResponse,
  type ReturnSubmitRequest,
  SetSelectAddressResponse,
  ShipmentDetailsResponse,
  ShipmentStatusSchema,
  type UpdateBankDetailsRequest,
} from '../../../schemas/orders.ts';
import { get, post } from '../../api/client.ts';

// The /api/order calls of SPEC §7, through the app's one HTTP client (401 → sign in, 404 → /notFound).

type Selection = Array<{ order_item_id: number; quantity: number }>;
const q = encodeURIComponent;

export const ordersApi = {
  list: (page: number, page_size = 10) => post('/api/order/order-listing', { page, page_size }, OrderListingResponse),
  details: (orderId: string) => post('/api/order/shipment-details', { order_id: orderId }, ShipmentDetailsResponse),
  cancelReasons: () => get('/api/order/cancel-shipment-reason', ReasonsResponse),
  cancel: (body: { shipmentId: string; reason_id: string; comment: string | null }) =>
    post('/api/order/cancel-shipment-submit', body, CancelResponse),
  cancelItems: (body: { shipmentId: string; reason_id: string; comment: string | null; items: Selection }) =>
    post('/api/order/partial-cancel-shipment-submit', body, CancelResponse),
  withdrawReturn: (shipmentId: string) =>
    post(
      '/api/order/cancel-reverse-shipment-submit',
      { shipmentId },
      envelope(z.object({ shipment_id: z.string(), status: ShipmentStatusSchema })),
    ),
  returnReasons: () => get('/api/order/return-item-reasons', ReasonsResponse),
  returnDetails: (shipmentId: string) =>
    get(`/api/order/return-shipment-details?shipmentId=${q(shipmentId)}`, ReturnShipmentDetailsResponse),
  uploadPhoto: (shipmentId: string, file: File) => {
    const form = new FormData();
    form.append('shipmentId', shipmentId);
    form.append('file', file);
    // The explicit multipart type stops the client's JSON default; the browser adds the boundary.
    return post('/api/order/return-shipment-media', form, ReturnMediaResponse, { headers: { 'content-type': 'multipart/form-data' } });
  },
  refundAmount: (shipmentId: string, items: Selection) =>
    post('/api/order/return-shipment-refund-amount', { shipmentId, items }, RefundAmountResponse),
  submitReturn: (body: z.input<typeof ReturnSubmitRequest>) => post('/api/order/return-shipment-submit', body, ReturnSubmitResponse),
  setPickupAddress: (shipmentId: string, address_id: number) =>
    post('/api/order/set-select-address', { shipmentId, address_id }, SetSelectAddressResponse),
  bankDetails: () => get('/api/order/customer-bank-details', BankDetailsResponse),
  bankListing: () => get('/api/order/customer-bank-listing', BankListingResponse),
  saveBank: (body: UpdateBankDetailsRequest) => post('/api/order/update-bank-details', body, BankAccountResponse),
  // SPEC §8: a 401 of fetch-ifsc is not reported to the error service; a wrong code is answered in the form.
  ifsc: (code: string) => get(`/api/order/fetch-ifsc-details?ifsc=${q(code)}`, IfscDetailsResponse, { allow404: true }),
};

export const invoiceUrl = (shipmentId: string) => `/api/order/shipment-invoice?shipmentId=${q(shipmentId)}`;

/** Shipment numbers are the order number and a parcel number: KS100001-2 belongs to KS100001. */
export const orderOfShipment = (shipmentId: string) => shipmentId.replace(/-\d+$/, '');
