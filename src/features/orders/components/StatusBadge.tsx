import type { ShipmentStatusValue } from '../../../../schemas/orders.ts';
import * as css from './orders.css.ts';

const DONE: ShipmentStatusValue[] = ['delivered', 'refunded', 'returned'];
const STOPPED: ShipmentStatusValue[] = ['cancelled'];

export function StatusBadge({ status, label }: { status?: ShipmentStatusValue; label: string }) {
  const cls = status && DONE.includes(status) ? css.badgeDone : status && STOPPED.includes(status) ? css.badgeStopped : css.badge;
  return <span className={cls}>{label}</span>;
}
