import type { Reason } from '../../../../schemas/orders.ts';
import { FieldFrame } from '../../../ui/form/Fields.tsx';
import * as field from '../../../ui/form/form-styles.ts';

export function ReasonSelect({
  label,
  reasons,
  value,
  onChange,
}: {
  label: string;
  reasons: Reason[];
  value: string;
  onChange(v: string): void;
}) {
  return (
    <FieldFrame label={label}>
      {(id) => (
        <div className={field.control}>
          <select id={id} className={field.input} value={value} onChange={(e) => onChange(e.target.value)} required>
            <option value="">Choose a reason</option>
            {reasons.map((r) => (
              <option key={r.id} value={r.id}>
                {r.reason}
              </option>
            ))}
          </select>
        </div>
      )}
    </FieldFrame>
  );
}
