import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { messageOf } from '../../../api/resource.ts';
import { useToast } from '../../../ui/Toast.tsx';
import { FieldFrame } from '../../../ui/form/Fields.tsx';
import * as field from '../../../ui/form/form-styles.ts';

/**
 * A cancel or return request for one shipment: busy while it is sent; on success the server's message is shown
 * and the shopper goes to the shipment; a failure stays on the form as its message (SPEC §8).
 */
export function useShipmentRequest(shipmentId: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();
  const navigate = useNavigate();
  const send = async (request: () => Promise<string>) => {
    setBusy(true);
    setError(null);
    try {
      toast.show(await request(), 'success', 5000);
      navigate(`/account/order/shipment-details/${shipmentId}`);
    } catch (err) {
      setError(messageOf(err));
      setBusy(false);
    }
  };
  return { busy, error, setError, send };
}

/** The optional free-text comment of a cancel or return request (500 characters at most, as the server takes). */
export function CommentField({ label, value, onChange }: { label: string; value: string; onChange(v: string): void }) {
  return (
    <FieldFrame label={label}>
      {(id) => (
        <div className={field.control}>
          <textarea id={id} className={field.textarea} maxLength={500} value={value} onChange={(e) => onChange(e.target.value)} />
        </div>
      )}
    </FieldFrame>
  );
}
