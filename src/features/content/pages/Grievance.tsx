import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDayTime } from '../../../../schemas/dates.ts';
import { GRIEVANCE_CATEGORIES, GRIEVANCE_STATUS_LABELS, type GrievanceCategory } from '../../../../schemas/grievance-rules.ts';
import {
  type Grievance as GrievanceRow,
  GrievanceRequest,
  type GrievanceRequest as GrievanceRequestInput,
} from '../../../../schemas/grievances.ts';
import { useAuth } from '../../../api/auth.tsx';
import { useResource } from '../../../api/page-resource.ts';
import { messageOf } from '../../../api/resource.ts';
import { fieldErrors } from '../../../ui/form-errors.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { button, card } from '../../../ui/theme/global.css.ts';
import { FieldFrame, TextField } from '../../../ui/form/Fields.tsx';
import { grievanceApi, helpApi } from '../api.ts';
import * as css from '../components/content.css.ts';
import { GrievanceOfficerCard } from '../components/GrievanceOfficerCard.tsx';
import { SendRow } from '../components/SendRow.tsx';
import * as g from './Grievance.css.ts';

// /help-center/grievance: grievance redressal (docs/grievance-redressal.md; Consumer Protection (E-Commerce) Rules,
// 2020, rule 4(4)-(5)). The officer and the promises for everyone; for a signed-in shopper, the complaint form
// (`?order=` picks the order, from "Get help with this order") and their complaints with status and clocks.

/** A 401 here is the page's own sign-in prompt, not a message (src/api/quiet-calls.ts blanks it). */
const failureOf = (e: unknown): string | null => messageOf(e) || null;
const when = (iso: string | null) => (iso ? formatDayTime(new Date(iso), 'IST') : '');

export default function Grievance() {
  const { isAuthenticated, loading } = useAuth();
  return (
    <article className={css.page}>
      <header>
        <h1>Grievance Redressal</h1>
        <p className={css.lead}>
          Not happy with an order or with how we helped? File a complaint: you get a ticket number at once, our grievance officer
          acknowledges it within 48 hours and resolves it within one month.
        </p>
      </header>
      <GrievanceOfficerCard />
      {loading ? (
        <Skeleton height={240} radius={12} />
      ) : isAuthenticated ? (
        <Complaints />
      ) : (
        <section className={card} data-testid="grievance-sign-in">
          <h2 style={{ marginTop: 0 }}>Sign in to file a complaint</h2>
          <p>Sign in so we can see your orders and follow your complaint with you. You can also write to the officer above.</p>
          <Link className={button} to="/my-account" state={{ from: '/help-center/grievance' }}>
            Sign in
          </Link>
        </section>
      )}
    </article>
  );
}

function Complaints() {
  const list = useResource(() => grievanceApi.list().then((r) => r.data));
  const [filed, setFiled] = useState<{ ticket: GrievanceRow; message: string } | null>(null);
  return (
    <>
      {filed ? (
        <section className={css.result.genuine} role="status" data-testid="grievance-filed">
          <p style={{ margin: 0 }}>
            <strong>{filed.message}</strong>
          </p>
          <p style={{ margin: '8px 0 0' }}>
            We acknowledge it by {when(filed.ticket.acknowledge_by)} and resolve it by {when(filed.ticket.resolve_by)}. We have sent you
            these details by email and SMS.
          </p>
        </section>
      ) : (
        <ComplaintForm
          onFiled={(ticket, message) => {
            setFiled({ ticket, message });
            void list.reload();
          }}
        />
      )}
      <section aria-labelledby="my-complaints">
        <h2 id="my-complaints">Your complaints</h2>
        {list.loading && !list.data ? (
          <Skeleton height={120} />
        ) : list.error ? (
          <p role="alert">{list.error}</p>
        ) : list.data?.length ? (
          <ul className={g.list} data-testid="grievance-list">
            {list.data.map((x) => (
              <li key={x.reference} className={card}>
                <div className={g.head}>
                  <h3 style={{ margin: 0, fontSize: '1rem' }}>Ticket {x.reference}</h3>
                  <span className={g.badge[x.status]}>{GRIEVANCE_STATUS_LABELS[x.status]}</span>
                </div>
                <dl className={g.facts}>
                  <dt>About</dt>
                  <dd style={{ margin: 0 }}>
                    {x.category}
                    {x.order_number ? `, order ${x.order_number}` : ''}
                  </dd>
                  <dt>Filed</dt>
                  <dd style={{ margin: 0 }}>{when(x.created_at)}</dd>
                  <dt>Acknowledged</dt>
                  <dd style={{ margin: 0 }}>{x.acknowledged_at ? when(x.acknowledged_at) : `by ${when(x.acknowledge_by)}`}</dd>
                  <dt>Resolved</dt>
                  <dd style={{ margin: 0 }}>{x.resolved_at ? when(x.resolved_at) : `by ${when(x.resolve_by)}`}</dd>
                </dl>
                <p className={css.meta}>{x.message}</p>
                {x.answer ? (
                  <>
                    <h4 style={{ margin: '12px 0 4px' }}>Our answer</h4>
                    <p className={g.answer}>{x.answer}</p>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p>You have not filed a complaint.</p>
        )}
      </section>
    </>
  );
}

interface Form {
  category: string;
  order_number: string;
  message: string;
}

function ComplaintForm({ onFiled }: { onFiled: (ticket: GrievanceRow, message: string) => void }) {
  const [params] = useSearchParams();
  const [form, setForm] = useState<Form>({ category: '', order_number: params.get('order') ?? '', message: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const orders = useResource(() => helpApi.orders().then((r) => r.data));
  const set = (key: keyof Form, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };
  // An order from the link that is not among the shopper's shows as itself: the server answers "Order not found."
  const orderNumbers = orders.data?.map((o) => o.order_number) ?? [];
  const linked = form.order_number && orders.data && !orderNumbers.includes(form.order_number) ? [form.order_number] : [];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const found = fieldErrors(GrievanceRequest, form);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const res = await grievanceApi.file(form as GrievanceRequestInput);
      onFiled(res.data, res.message);
    } catch (err) {
      setFailure(failureOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={card} aria-labelledby="complaint-form-title">
      <h2 id="complaint-form-title" style={{ marginTop: 0 }}>
        File a complaint
      </h2>
      <form className={css.form} onSubmit={submit} noValidate>
        <Select
          label="What is it about?"
          value={form.category}
          onChange={(v) => set('category', v)}
          error={errors.category}
          options={[
            { value: '', label: 'Choose one' },
            ...(Object.keys(GRIEVANCE_CATEGORIES) as GrievanceCategory[]).map((c) => ({ value: c, label: GRIEVANCE_CATEGORIES[c] })),
          ]}
        />
        <Select
          label="Order (optional)"
          value={form.order_number}
          onChange={(v) => set('order_number', v)}
          error={errors.order_number ?? (orders.error || undefined)}
          disabled={orders.loading}
          options={[
            { value: '', label: 'Not about one order' },
            ...[...linked, ...orderNumbers].map((n) => ({ value: n, label: `Order ${n}` })),
          ]}
        />
        <TextField
          label="Describe your complaint"
          name="message"
          value={form.message}
          multiline
          maxLength={2000}
          onChange={(v) => set('message', v)}
          error={errors.message}
        />
        <SendRow failure={failure} busy={busy} label="File complaint" />
      </form>
    </section>
  );
}

function Select(p: {
  label: string;
  value: string;
  onChange(v: string): void;
  error?: string;
  disabled?: boolean;
  options: Array<{ value: string; label: string }>;
}) {
  return (
    <FieldFrame label={p.label} error={p.error}>
      {(id, describedBy) => (
        <select
          id={id}
          className={css.select}
          value={p.value}
          disabled={p.disabled}
          aria-invalid={p.error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => p.onChange(e.target.value)}
        >
          {p.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
