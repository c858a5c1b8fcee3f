import { formatOrderDate } from '../../../schemas/orders.ts';
import type { Db } from '../../db/database.ts';
import { Conflict, NotFound } from '../../http/errors.ts';
import { type TaxDocumentView, renderTaxDocument } from './invoice-pdf.ts';
import { STATUS_LABELS } from './lifecycle.ts';
import * as q from './queries.ts';
import { hasInvoice, shipmentNotFound } from './service.ts';
import { creditNoteBySerial, creditNotesOfShipment, invoiceOfShipment, issueInvoice } from './tax-documents.ts';

// The GST tax invoice of one shipment and the credit notes of its refunds, as PDFs (SPEC §2 invoice, §7
// shipment-invoice; docs/decisions/028-gst-tax-invoices.md). They print what was issued and stored, never a
// recomputation.

export interface InvoiceFile {
  filename: string;
  bytes: Buffer;
}

const fileName = (serial: string) => `${serial.replace(/\//g, '-')}.pdf`;

interface StoredParty {
  legal_name: string;
  gstin: string;
  address: string[];
  email: string;
}
interface StoredBuyer {
  name: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  mobile: string;
  email: string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

function partiesOf(invoice: { seller: unknown; buyer: unknown }) {
  const s = (typeof invoice.seller === 'string' ? JSON.parse(invoice.seller) : invoice.seller) as StoredParty;
  const b = (typeof invoice.buyer === 'string' ? JSON.parse(invoice.buyer) : invoice.buyer) as StoredBuyer;
  return {
    seller: { legalName: s.legal_name, gstin: s.gstin, address: s.address, email: s.email },
    buyer: {
      name: b.name,
      lines: [
        b.address,
        `${b.city}, ${b.state} ${b.pincode}`.trim(),
        b.mobile ? `Phone ${b.mobile}` : '',
        b.email ? `Email ${b.email}` : '',
      ].filter(Boolean),
    },
  };
}

/**
 * The invoice of a customer's dispatched shipment. A shipment dispatched before invoices were issued at dispatch
 * gets its invoice now, under the shipment's lock, once.
 */
export async function shipmentInvoice(db: Db, customerId: number, shipmentNumber: string): Promise<InvoiceFile> {
  const shipment = await q.findShipment(db, shipmentNumber, customerId);
  if (!shipment) throw shipmentNotFound();
  if (!hasInvoice(shipment.status))
    throw new Conflict(
      `The invoice is ready once the shipment is dispatched; this shipment is ${STATUS_LABELS[shipment.status].toLowerCase()}.`,
    );
  let stored = await invoiceOfShipment(db, shipment.id);
  if (!stored) {
    await db.transaction().execute(async (trx) => {
      await q.findShipment(trx, shipmentNumber, customerId, true);
      await issueInvoice(trx, shipment.id);
    });
    stored = await invoiceOfShipment(db, shipment.id);
  }
  if (!stored) throw shipmentNotFound();
  const { invoice, lines } = stored;
  const view: TaxDocumentView = {
    kind: 'invoice',
    serial: invoice.serial,
    date: formatOrderDate(iso(invoice.issued_at)),
    references: [`Order ${shipment.order_number}`, `Shipment ${shipment.shipment_number}${shipment.awb ? ` · AWB ${shipment.awb}` : ''}`],
    ...partiesOf(invoice),
    placeOfSupply: { code: invoice.supply_state_code, name: invoice.supply_state_name },
    intrastate: invoice.intrastate,
    lines: lines.map((l) => ({
      description: l.description,
      hsn: l.hsn_code,
      quantity: l.quantity,
      unitPrice: l.unit_price,
      discount: l.discount,
      taxable: l.taxable,
      rateBp: l.rate_bp,
      cgst: l.cgst,
      sgst: l.sgst,
      igst: l.igst,
      total: l.total,
    })),
  };
  return { filename: fileName(invoice.serial), bytes: await renderTaxDocument(view) };
}

/** A credit note of one of the customer's shipments, by its serial. */
export async function shipmentCreditNote(db: Db, customerId: number, serial: string): Promise<InvoiceFile> {
  const found = await creditNoteBySerial(db, serial);
  const notFound = () => new NotFound('We could not find this credit note in your orders.');
  if (!found) throw notFound();
  const shipment = await db
    .selectFrom('shipments as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .select(['s.shipment_number', 'o.order_number', 'o.customer_id'])
    .where('s.id', '=', found.invoice.shipment_id)
    .executeTakeFirstOrThrow();
  if (shipment.customer_id !== customerId) throw notFound();
  const { note, lines, invoice } = found;
  const view: TaxDocumentView = {
    kind: 'credit-note',
    serial: note.serial,
    date: formatOrderDate(iso(note.issued_at)),
    references: [
      `Against tax invoice ${invoice.serial} of ${formatOrderDate(iso(invoice.issued_at))}`,
      `Order ${shipment.order_number} · shipment ${shipment.shipment_number}`,
    ],
    ...partiesOf(invoice),
    placeOfSupply: { code: invoice.supply_state_code, name: invoice.supply_state_name },
    intrastate: invoice.intrastate,
    lines: lines.map((l) => ({
      description: l.kind === 'delivery' ? `${l.description} (refunded)` : `${l.description} (returned)`,
      hsn: l.hsn_code,
      quantity: l.quantity,
      taxable: l.taxable,
      rateBp: l.rate_bp,
      cgst: l.cgst,
      sgst: l.sgst,
      igst: l.igst,
      total: l.total,
    })),
  };
  return { filename: fileName(note.serial), bytes: await renderTaxDocument(view) };
}

/** The credit notes of shipments, for the shipment details: serial, date and amount each. */
export async function creditNotesByShipment(db: Db, shipmentIds: number[]) {
  const rows = await creditNotesOfShipment(db, shipmentIds);
  const out = new Map<number, Array<{ serial: string; issued_at: string; amount: number }>>();
  for (const r of rows)
    out.set(r.shipment_id, [...(out.get(r.shipment_id) ?? []), { serial: r.serial, issued_at: iso(r.issued_at), amount: r.total }]);
  return out;
}
