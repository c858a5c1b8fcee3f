import { useState } from 'react';
import { messageOf } from '../../../api/resource.ts';

// The first half of every OTP-confirmed account change: ask the server for a code, remember where it went, or show why not.
export function useOtpSend(request: () => Promise<{ data: { sent_to: string } }>) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    try {
      const res = await request();
      setError(null);
      setSentTo(res.data.sent_to);
    } catch (err) {
      setError(messageOf(err));
    }
  };
  return { sentTo, error, setError, send };
}
