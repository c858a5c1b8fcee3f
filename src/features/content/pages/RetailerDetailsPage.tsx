import { type FormEvent, useEffect, useState } from 'react';
import { messageOf } from '../../../api/resource.ts';
import { EmailField, PhoneField, TextField } from '../../../ui/form/Fields.tsx';
import { RetailerRequest } from '../../../../schemas/content-pages.ts';
import { card } from '../../../ui/theme/global.css.ts';
import { contentApi } from '../api.ts';
import * as css from '../components/content.css.ts';
import { SendRow } from '../components/SendRow.tsx';
import { fieldErrors } from '../../../ui/form-errors.ts';
import { report, retailerFormFailed, retailerFormSubmitted, retailerFormViewed } from '../events.ts';

// /retailer-details (SPEC §1 retailer-detail submission, §7 add-retailer-info): validated with the server's
// schema, stored, acknowledged with a reference.

// Every field of the request, as typed.
type Form = Record<keyof RetailerRequest, string>;
const EMPTY: Form = { full_name: '', business_name: '', mobile: '', email: '', city: '', pincode: '', gstin: '', message: '' };

export default function RetailerDetailsPage() {
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => report(retailerFormViewed()), []);
  const field = (key: keyof Form, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={label}
      name={key}
      value={form[key]}
      onChange={(v) => setForm((f) => ({ ...f, [key]: v }))}
      error={errors[key]}
      {...extra}
    />
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const found = fieldErrors(RetailerRequest, form);
    setErrors(found);
    const first = Object.values(found)[0];
    if (first) {
      report(retailerFormFailed(first));
      return;
    }
    setBusy(true);
    try {
      const res = await contentApi.addRetailerInfo(form);
      setDone(res.message);
      report(retailerFormSubmitted(form.city.trim()));
    } catch (err) {
      const message = messageOf(err);
      setFailure(message);
      report(retailerFormFailed(message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className={css.page}>
      <header>
        <h1>Retailer Programme</h1>
        <p className={css.lead}>
          Run a gym, supplement store or pharmacy? Sell authentic supplements sourced through Kasrat. Tell us about your business.
        </p>
      </header>
      <section className={card} aria-labelledby="retailer-form-title">
        <h2 id="retailer-form-title" style={{ marginTop: 0 }}>
          Your details
        </h2>
        {done ? (
          <p className={css.result.genuine} role="status" data-testid="retailer-done">
            {done}
          </p>
        ) : (
          <form className={css.form} onSubmit={submit} noValidate>
            {field('full_name', 'Full name', { autoComplete: 'name', maxLength: 50 })}
            {field('business_name', 'Business name', { autoComplete: 'organization', maxLength: 100 })}
            <div className={css.twoColumns}>
              <PhoneField
                label="Mobile number"
                name="mobile"
                value={form.mobile}
                onChange={(v) => setForm((f) => ({ ...f, mobile: v }))}
                error={errors.mobile}
              />
              <EmailField
                label="Email"
                name="email"
                value={form.email}
                onChange={(v) => setForm((f) => ({ ...f, email: v }))}
                error={errors.email}
              />
            </div>
            <div className={css.twoColumns}>
              {field('city', 'City', { autoComplete: 'address-level2', maxLength: 60 })}
              <TextField
                label="Pincode"
                name="pincode"
                value={form.pincode}
                inputMode="numeric"
                autoComplete="postal-code"
                onChange={(v) => setForm((f) => ({ ...f, pincode: v.replace(/\D+/g, '').slice(0, 6) }))}
                error={errors.pincode}
              />
            </div>
            {field('gstin', 'GSTIN (optional)', { maxLength: 15 })}
            {field('message', 'Tell us about your business (optional)', { multiline: true, maxLength: 1000 })}
            <SendRow failure={failure} busy={busy} label="Submit" />
          </form>
        )}
      </section>
    </article>
  );
}
