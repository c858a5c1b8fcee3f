import { useEffect, useState } from 'react';
import { fieldErrors } from '../../../ui/form-errors.ts';
import { needsOwnerProof, OwnerProofDialog } from '../../account/index.ts';
import { Alert, TextField } from '../../../ui/form/Fields.tsx';
import { messageOf } from '../../../api/resource.ts';
import {
  ACCOUNT_NUMBER_MAX,
  type BankAccountView,
  IFSC_PATTERN,
  type IfscDetails,
  UpdateBankDetailsRequest,
} from '../../../../schemas/orders.ts';
import * as field from '../../../ui/form/form-styles.ts';
import { button } from '../../../ui/theme/global.css.ts';
import { ordersApi } from '../api.ts';
import * as css from './orders.css.ts';

/**
 * Adds a bank account for a pay-on-delivery refund; the IFSC names the bank and branch as it is typed. A group, not a
 * form: it sits inside the return form, and forms do not nest.
 */
export function BankAccountForm({ onSaved }: { onSaved(account: BankAccountView): void }) {
  const [holder, setHolder] = useState('');
  const [number, setNumber] = useState('');
  const [confirm, setConfirm] = useState('');
  const [ifsc, setIfsc] = useState('');
  const [bank, setBank] = useState<{ data: IfscDetails | null; error: string | null; loading: boolean }>({
    data: null,
    error: null,
    loading: false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [proving, setProving] = useState(false);

  useEffect(() => {
    const code = ifsc.trim().toUpperCase();
    if (!IFSC_PATTERN.test(code)) {
      setBank({ data: null, error: null, loading: false });
      return;
    }
    let live = true;
    setBank({ data: null, error: null, loading: true });
    ordersApi
      .ifsc(code)
      .then((r) => live && setBank({ data: r.data, error: null, loading: false }))
      .catch((e) => live && setBank({ data: null, error: messageOf(e), loading: false }));
    return () => {
      live = false;
    };
  }, [ifsc]);

  const save = async () => {
    const body = { account_holder: holder, account_number: number, confirm_account_number: confirm, ifsc };
    const invalid = fieldErrors(UpdateBankDetailsRequest, body);
    if (Object.keys(invalid).length) return setErrors(invalid);
    setErrors({});
    setBusy(true);
    setFormError(null);
    try {
      const res = await ordersApi.saveBank(body);
      onSaved(res.data);
    } catch (err) {
      const message = messageOf(err);
      // The server wants the owner's proof first (README "Security"): ask for it, then save again.
      if (needsOwnerProof(message)) setProving(true);
      else setFormError(message);
    } finally {
      setBusy(false);
    }
  };

  // Both account number fields keep digits only, up to the longest number the schema takes.
  const accountNumberField = (
    label: string,
    name: 'account_number' | 'confirm_account_number',
    value: string,
    set: (v: string) => void,
  ) => (
    <TextField
      label={label}
      name={name}
      value={value}
      inputMode="numeric"
      onChange={(v) => set(v.replace(/\D/g, '').slice(0, ACCOUNT_NUMBER_MAX))}
      error={errors[name]}
    />
  );

  return (
    <div role="group" className={css.panel} aria-labelledby="add-bank-title">
      <h3 id="add-bank-title" style={{ margin: 0, fontSize: '1rem' }}>
        Add a bank account
      </h3>
      <Alert kind="error">{formError}</Alert>
      <TextField
        label="IFSC code"
        name="ifsc"
        value={ifsc}
        onChange={(v) => setIfsc(v.toUpperCase().replace(/\s/g, '').slice(0, 11))}
        error={errors.ifsc ?? bank.error}
      />
      <p className={field.hint} aria-live="polite" data-testid="ifsc-bank">
        {bank.loading
          ? 'Looking up the IFSC code…'
          : bank.data
            ? `${bank.data.bank}${bank.data.branch ? `, ${bank.data.branch}` : ''}${bank.data.city ? `, ${bank.data.city}` : ''}`
            : ''}
      </p>
      <TextField label="Account holder’s name" name="account_holder" value={holder} onChange={setHolder} error={errors.account_holder} />
      {accountNumberField('Account number', 'account_number', number, setNumber)}
      {accountNumberField('Confirm account number', 'confirm_account_number', confirm, setConfirm)}
      <button type="button" className={button} disabled={busy || bank.loading} onClick={save}>
        Save bank account
      </button>
      {proving ? (
        <OwnerProofDialog
          onCancel={() => {
            setProving(false);
            setFormError('The bank account was not saved: we could not confirm it is you.');
          }}
          onConfirmed={() => {
            setProving(false);
            void save();
          }}
        />
      ) : null}
    </div>
  );
}
