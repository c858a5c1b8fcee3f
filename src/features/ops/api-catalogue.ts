import { get, post } from '../../api/client.ts';
import type {
  CancelItemsPreviewResponse,
  CancelItemsResponse,
  CsvApplyResponse,
  CsvReportResponse,
  PaymentIssuesPageResponse,
  ProductImageResponse,
  StaffCustomerOrdersResponse,
  StaffReviewsPageResponse,
} from '../../../schemas/staff-catalogue.ts';
import type { DeclarationsInput, StaffDeclarationsResponse } from '../../../schemas/declarations.ts';

export type DeclarationsUpdateBody = DeclarationsInput & { expected_version: number };

// The console's catalogue file, product images, a customer's orders and item-by-item cancel (/api/ops,
// docs/decisions/019). Files go as multipart/form-data in a field named "file".

/** The shared client sends JSON by default: a file goes with its own content type (axios adds the boundary). */
const multipart = { headers: { 'content-type': 'multipart/form-data' } };
const fileForm = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

export const catalogueCsvUrl = '/api/ops/catalogue/csv';
export const checkCatalogueCsv = (file: File) => post<typeof CsvReportResponse>('/api/ops/catalogue/csv/check', fileForm(file), multipart);
export const applyCatalogueCsv = (file: File) => post<typeof CsvApplyResponse>('/api/ops/catalogue/csv/apply', fileForm(file), multipart);
export const uploadProductImage = (productId: number, file: File) =>
  post<typeof ProductImageResponse>(`/api/ops/catalogue/products/${productId}/image`, fileForm(file), multipart);

export const customerOrders = (customerId: number, page: number) =>
  get<typeof StaffCustomerOrdersResponse>(`/api/ops/customers/${customerId}/orders?page=${page}`);

export type CancelLine = { order_item_id: number; quantity: number };
export const previewItemsCancel = (shipmentId: string, items: CancelLine[]) =>
  post<typeof CancelItemsPreviewResponse>(`/api/ops/shipments/${encodeURIComponent(shipmentId)}/items/cancel-preview`, { items });
export const cancelItems = (shipmentId: string, items: CancelLine[], comment?: string) =>
  post<typeof CancelItemsResponse>(`/api/ops/shipments/${encodeURIComponent(shipmentId)}/items/cancel`, {
    items,
    ...(comment ? { comment } : {}),
  });

export const reviewQueuePage = (state: 'awaiting' | 'published' | 'hidden', page: number) =>
  get<typeof StaffReviewsPageResponse>(`/api/ops/reviews?state=${state}&page=${page}`);
export const paymentIssuesPage = (page: number) => get<typeof PaymentIssuesPageResponse>(`/api/ops/queues/payment-issues?page=${page}`);

/** A product's label declarations (docs/product-declarations.md), and the edit with the version its editor saw. */
export const productDeclarations = (productId: number) =>
  get<typeof StaffDeclarationsResponse>(`/api/ops/catalogue/products/${productId}/declarations`);
export const saveProductDeclarations = (productId: number, body: DeclarationsUpdateBody) =>
  post<typeof StaffDeclarationsResponse>(`/api/ops/catalogue/products/${productId}/declarations`, body);
