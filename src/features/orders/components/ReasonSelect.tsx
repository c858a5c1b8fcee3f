import type { Reason } from '../../../../schemas/orders.ts';
import { formStyles as field } from '../../account/index.ts';

export function ReasonSelect({
  id,
  label,
  reasons,
  value,
  onChange,
}: {
  id: string;
  label: string;
  reasons: Reason[];
  value: string;
  onChange(v: string): void;
}) {
  return (
    <div className={field.field}>
      <label htmlFor={id} className={field.label}>
        {label}
      </label>
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
    </div>
  );
}
