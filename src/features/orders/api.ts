import type { z } from 'zod';
import type { envelope } from '../../../schemas/common.ts';
import type {
  BankAccountResponse,
  BankDetailsResponse,
  BankListingResponse,
  CancelRefundResponse,
  CancelResponse,
  IfscDetailsResponse,
  OrderListingResponse,
  ReasonsResponse,
  RefundAmountResponse,
  ReturnMediaResponse,
  ReturnShipmentDetailsResponse,
  ReturnSubmitResponse,
  ReturnSubmitRequest,
  SetSelectAddressResponse,
  ShipmentDetailsResponse,
  ShipmentStatusSchema,
  UpdateBankDetailsRequest,
} from '../../../schemas/orders.ts';
import { get, post } from '../../api/client.ts';

// The /api/order calls of SPEC §7, through the app's one HTTP client (401 → sign in, 404 → /notFound).

type Selection = Array<{ order_item_id: number; quantity: number }>;
const q = encodeURIComponent;
/** The `{ status, message, data }` answer around a data schema, as a type only (checked on the server). */
type Env<D extends z.ZodType> = ReturnType<typeof envelope<D>>;

export const ordersApi = {
  list: (page: number, page_size = 10) => post<typeof OrderListingResponse>('/api/order/order-listing', { page, page_size }),
  details: (orderId: string) => post<typeof ShipmentDetailsResponse>('/api/order/shipment-details', { order_id: orderId }),
  cancelReasons: () => get<typeof ReasonsResponse>('/api/order/cancel-shipment-reason'),
  cancel: (body: { shipmentId: string; reason_id: string; comment: string | null }) =>
    post<typeof CancelResponse>('/api/order/cancel-shipment-submit', body),
  /** What a cancellation would refund (or add to pay on delivery), with the note of any promotion it costs. */
  cancelPreview: (shipmentId: string, items: Selection | null) =>
    post<typeof CancelRefundResponse>('/api/order/cancel-refund-amount', items ? { shipmentId, items } : { shipmentId }),
  cancelItems: (body: { shipmentId: string; reason_id: string; comment: string | null; items: Selection }) =>
    post<typeof CancelResponse>('/api/order/partial-cancel-shipment-submit', body),
  withdrawReturn: (shipmentId: string) =>
    post<Env<z.ZodObject<{ shipment_id: z.ZodString; status: typeof ShipmentStatusSchema }>>>('/api/order/cancel-reverse-shipment-submit', {
      shipmentId,
    }),
  returnReasons: () => get<typeof ReasonsResponse>('/api/order/return-item-reasons'),
  returnDetails: (shipmentId: string) =>
    get<typeof ReturnShipmentDetailsResponse>(`/api/order/return-shipment-details?shipmentId=${q(shipmentId)}`),
  uploadPhoto: (shipmentId: string, file: File) => {
    const form = new FormData();
    form.append('shipmentId', shipmentId);
    form.append('file', file);
    // The explicit multipart type stops the client's JSON default; the browser adds the boundary.
    return post<typeof ReturnMediaResponse>('/api/order/return-shipment-media', form, {
      headers: { 'content-type': 'multipart/form-data' },
    });
  },
  refundAmount: (shipmentId: string, items: Selection) =>
    post<typeof RefundAmountResponse>('/api/order/return-shipment-refund-amount', { shipmentId, items }),
  submitReturn: (body: z.input<typeof ReturnSubmitRequest>) => post<typeof ReturnSubmitResponse>('/api/order/return-shipment-submit', body),
  setPickupAddress: (shipmentId: string, address_id: number) =>
    post<typeof SetSelectAddressResponse>('/api/order/set-select-address', { shipmentId, address_id }),
  bankDetails: () => get<typeof BankDetailsResponse>('/api/order/customer-bank-details'),
  bankListing: () => get<typeof BankListingResponse>('/api/order/customer-bank-listing'),
  saveBank: (body: UpdateBankDetailsRequest) => post<typeof BankAccountResponse>('/api/order/update-bank-details', body),
  // SPEC §8: a 401 of fetch-ifsc is not reported to the error service; a wrong code is answered in the form.
  ifsc: (code: string) => get<typeof IfscDetailsResponse>(`/api/order/fetch-ifsc-details?ifsc=${q(code)}`),
};

export const invoiceUrl = (shipmentId: string) => `/api/order/shipment-invoice?shipmentId=${q(shipmentId)}`;
/** A refund's GST credit note, by its serial (docs/decisions/028-gst-tax-invoices.md). */
export const creditNoteUrl = (serial: string) => `/api/order/credit-note?serial=${q(serial)}`;

/** Shipment numbers are the order number and a parcel number: KS100001-2 belongs to KS100001. */
export const orderOfShipment = (shipmentId: string) => shipmentId.replace(/-\d+$/, '');
