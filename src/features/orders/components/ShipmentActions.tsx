import { Link } from 'react-router-dom';
import type { ShipmentView } from '../../../../schemas/orders.ts';
import { creditNoteUrl, invoiceUrl } from '../api.ts';
import * as css from './orders.css.ts';

/** What the shopper can do with a shipment now; each action only when the life cycle allows it. */
export function ShipmentActions({ shipment, except }: { shipment: ShipmentView; except?: 'track' }) {
  const id = shipment.shipment_id;
  return (
    <div className={css.actions}>
      {except !== 'track' ? (
        <Link className={css.actionLink} to={`/account/order/shipment-details/${id}`} aria-label={`Track shipment ${id}`}>
          Track shipment
        </Link>
      ) : null}
      {shipment.can_cancel ? (
        <Link className={css.actionLink} to={`/account/order/cancel-shipment/${id}`} aria-label={`Cancel items of shipment ${id}`}>
          Cancel items
        </Link>
      ) : null}
      {shipment.status === 'delivered' ? (
        <Link
          className={css.actionLink}
          to={`/account/order/order-delivered/${id}`}
          aria-label={`Delivered shipment ${id}: return or invoice`}
        >
          {shipment.can_return ? 'Return items' : 'Delivery details'}
        </Link>
      ) : null}
      {shipment.has_invoice ? (
        <a className={css.actionLink} href={invoiceUrl(id)} download aria-label={`Download invoice of shipment ${id}`}>
          Download invoice
        </a>
      ) : null}
      {/* A refund of invoiced goods has its credit note, downloaded beside the invoice (docs/decisions/028-gst-tax-invoices.md). */}
      {shipment.refunds.flatMap((r) =>
        r.credit_note
          ? [
              <a
                key={r.credit_note}
                className={css.actionLink}
                href={creditNoteUrl(r.credit_note)}
                download
                aria-label={`Download credit note ${r.credit_note} of shipment ${id}`}
              >
                Download credit note
              </a>,
            ]
          : [],
      )}
    </div>
  );
}
