import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatPaise } from '../../../../schemas/money.ts';
import { formatOrderDate } from '../../../../schemas/orders.ts';
import { EmailTicketRequest, type PhoneTicketRequest, PhoneTicketRequest as PhoneSchema } from '../../../../schemas/help-center.ts';
import type { Attachment, SupportReason } from '../../../../schemas/help-center.ts';
import { messageOf } from '../../../api/resource.ts';
import { EmailField, FieldFrame, PhoneField, TextField } from '../../../ui/form/Fields.tsx';
import { useResource } from '../../../api/page-resource.ts';
import { useAuth } from '../../../api/auth.tsx';
import { useCachedResource } from '../../../api/cached-resource.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { useToast } from '../../../ui/Toast.tsx';
import { button, buttonSecondary, card } from '../../../ui/theme/global.css.ts';
import { helpApi } from '../api.ts';
import { preload } from '../../../api/route-data.ts';
import { faqResource, helpEmailResource, helpPhoneResource } from '../api.ts';
import * as css from '../components/content.css.ts';
import { fieldErrors } from '../../../ui/form-errors.ts';
import * as help from '../components/help-center.css.ts';
import { SendRow } from '../components/SendRow.tsx';
import { GrievanceOfficerCard } from '../components/GrievanceOfficerCard.tsx';

// /help-center (searchable FAQ and the ways to reach us, the default export) and /help-center/contact-us (a call
// back or an email about one of the customer's orders, with attachments: ContactUs) — SPEC §1, §7 /api/help-center.
// Each is a route of its own in src/app/routes.tsx, nested under /help-center.

/** SPEC §8: a help-centre 401 blanks the message; the page shows its sign-in prompt instead. */
const helpError = (e: unknown): string => ((e as { response?: { status?: number } })?.response?.status === 401 ? '' : messageOf(e));

/**
 * Loaded by the server before it renders: the answers asked for and the ways to reach us (the help centre), or the
 * phone numbers (contact us; its reasons and the shopper's orders load in the browser). Server-only
 * (docs/decisions/010): the browser's router runs no loaders.
 */
export const loader = import.meta.env.SSR
  ? async ({ request, context }: { request: Request; context: unknown }): Promise<null> => {
      const { pathname, searchParams: search } = new URL(request.url);
      if (CONTACT_US.test(pathname)) await preload(context, [helpPhoneResource()]);
      else
        await preload(context, [faqResource(search.get('q') ?? '', search.get('topic') ?? ''), helpPhoneResource(), helpEmailResource()]);
      return null;
    }
  : undefined;
/** The contact-us page's address (src/app/routes.tsx), the module's other page. */
const CONTACT_US = /\/contact-us\/?$/;

export default function HelpHome() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const topic = params.get('topic') ?? '';
  const [draft, setDraft] = useState(q);
  const [f, p, e] = [faqResource(q, topic), helpPhoneResource(), helpEmailResource()];
  const faqs = useCachedResource(f.key, f.load);
  const phone = useCachedResource(p.key, p.load);
  const email = useCachedResource(e.key, e.load);
  const [topics, setTopics] = useState<string[]>([]);
  useEffect(() => {
    if (faqs.data?.topics.length) setTopics(faqs.data.topics);
  }, [faqs.data]);

  const update = (next: { q?: string; topic?: string }) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) v ? p.set(k, v) : p.delete(k);
    setParams(p, { replace: true });
  };
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    update({ q: draft.trim().slice(0, 100) });
  };

  return (
    <article className={css.page}>
      <header>
        <h1>Help Centre</h1>
        <p className={css.lead}>Answers to common questions about orders, payments, returns and authenticity — and how to reach us.</p>
      </header>
      <section aria-labelledby="faq-title" style={{ display: 'grid', gap: 16 }}>
        <h2 id="faq-title" style={{ margin: 0 }}>
          Frequently asked questions
        </h2>
        <form role="search" onSubmit={onSearch} style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <label htmlFor="faq-search" style={{ position: 'absolute', left: -9999 }}>
            Search the help centre
          </label>
          <input
            id="faq-search"
            type="search"
            className={help.search}
            placeholder="Search, e.g. refund"
            value={draft}
            maxLength={100}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className={button}>
            Search
          </button>
        </form>
        {topics.length ? (
          <ul className={css.chips} aria-label="Topics">
            {['', ...topics].map((t) => (
              <li key={t || 'all'}>
                <button type="button" className={css.chip} aria-pressed={topic === t} onClick={() => update({ topic: t })}>
                  {t || 'All topics'}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <div aria-live="polite">
          {faqs.loading ? (
            <Skeleton height={200} radius={12} />
          ) : faqs.error ? (
            <p role="alert">{faqs.error}</p>
          ) : faqs.data?.faqs.length ? (
            <ul className={help.faqList} data-testid="faq-list">
              {faqs.data.faqs.map((f) => (
                <li key={f.id}>
                  <details className={help.faq}>
                    <summary className={help.question}>{f.question}</summary>
                    <p className={help.answer}>{f.answer}</p>
                  </details>
                </li>
              ))}
            </ul>
          ) : (
            <p data-testid="faq-empty">
              No answers match “{q}”. Try other words, or <Link to="/help-center/contact-us">contact us</Link>.
            </p>
          )}
        </div>
      </section>
      <section aria-labelledby="contact-title" className={css.grid} style={{ alignItems: 'start' }}>
        <h2 id="contact-title" style={{ gridColumn: '1 / -1', margin: 0 }}>
          Still need help?
        </h2>
        <div className={card}>
          <h3 style={{ marginTop: 0 }}>Call us</h3>
          {phone.loading ? (
            <Skeleton height={48} />
          ) : phone.data ? (
            <>
              <p className={css.meta}>{phone.data.hours}</p>
              <a className={buttonSecondary} href={phone.data.tel}>
                Call {phone.data.phone}
              </a>
            </>
          ) : (
            <p role="alert">{phone.error}</p>
          )}
        </div>
        <div className={card}>
          <h3 style={{ marginTop: 0 }}>Write to us</h3>
          {email.loading ? (
            <Skeleton height={48} />
          ) : email.data ? (
            <>
              <p className={css.meta}>{email.data.response_time}</p>
              <a className={buttonSecondary} href={`mailto:${email.data.email}`}>
                {email.data.email}
              </a>
            </>
          ) : (
            <p role="alert">{email.error}</p>
          )}
        </div>
        <div className={card}>
          <h3 style={{ marginTop: 0 }}>About an order?</h3>
          <p className={css.meta}>Ask for a call back or send us photos of the problem.</p>
          <Link className={button} to="/help-center/contact-us">
            Contact us
          </Link>
        </div>
      </section>
      <section aria-labelledby="grievance-title" className={css.grid} style={{ alignItems: 'start' }}>
        <h2 id="grievance-title" style={{ gridColumn: '1 / -1', margin: 0 }}>
          Grievance redressal
        </h2>
        <GrievanceOfficerCard headingLevel={3} />
        <div className={card}>
          <h3 style={{ marginTop: 0 }}>Not resolved?</h3>
          <p className={css.meta}>File a complaint with our grievance officer and follow it to its answer.</p>
          <Link className={button} to="/help-center/grievance">
            File a complaint
          </Link>
        </div>
      </section>
    </article>
  );
}

type Channel = 'phone' | 'email';
interface Form {
  reason_id: string;
  order_id: string;
  shipment_id: string;
  mobile: string;
  email: string;
  message: string;
}

export function ContactUs() {
  const { isAuthenticated, loading, user } = useAuth();
  const [channel, setChannel] = useState<Channel>('email');
  const p = helpPhoneResource();
  const phone = useCachedResource(p.key, p.load);
  const emailReasons = useResource(() => helpApi.emailReasons().then((r) => r.data));
  const reasons: SupportReason[] = (channel === 'phone' ? phone.data?.reasons : emailReasons.data) ?? [];

  return (
    <article className={css.page}>
      <header>
        <h1>Contact Us</h1>
        <p className={css.lead}>
          Tell us what went wrong and we will get back to you. Quick answers may already be in the{' '}
          <Link to="/help-center">help centre</Link>.
        </p>
      </header>
      {phone.data ? (
        <p className={css.meta}>
          Prefer to talk? Call <a href={phone.data.tel}>{phone.data.phone}</a> ({phone.data.hours}).
        </p>
      ) : null}
      {loading ? (
        <Skeleton height={240} radius={12} />
      ) : !isAuthenticated ? (
        <section className={card} data-testid="contact-sign-in">
          <h2 style={{ marginTop: 0 }}>Sign in to contact us</h2>
          <p>Sign in so we can see your orders and reply to you.</p>
          <Link className={button} to="/my-account" state={{ from: '/help-center/contact-us' }}>
            Sign in
          </Link>
        </section>
      ) : (
        <section className={card} aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" style={{ marginTop: 0 }}>
            How should we reach you?
          </h2>
          <div className={help.tabs} role="group" aria-label="Contact method">
            {(['email', 'phone'] as const).map((c) => (
              <button key={c} type="button" className={css.chip} aria-pressed={channel === c} onClick={() => setChannel(c)}>
                {c === 'email' ? 'Email us' : 'Request a call back'}
              </button>
            ))}
          </div>
          <TicketForm
            key={channel}
            channel={channel}
            reasons={reasons}
            reasonsLoading={channel === 'phone' ? phone.loading : emailReasons.loading}
            defaults={{ mobile: user?.customer_mobile ?? '', email: user?.customer_email ?? '' }}
          />
        </section>
      )}
    </article>
  );
}

function TicketForm({
  channel,
  reasons,
  reasonsLoading,
  defaults,
}: {
  channel: Channel;
  reasons: SupportReason[];
  reasonsLoading: boolean;
  defaults: { mobile: string; email: string };
}) {
  const toast = useToast();
  const [form, setForm] = useState<Form>({ reason_id: '', order_id: '', shipment_id: '', message: '', ...defaults });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [files, setFiles] = useState<Attachment[]>([]);
  const [uploading, setUploading] = useState(false);
  const orders = useResource(() => helpApi.orders().then((r) => r.data));
  const orderId = Number(form.order_id) || 0;
  const shipments = useResource(() => (orderId ? helpApi.shipments(orderId).then((r) => r.data) : Promise.resolve([])), [orderId]);
  const reason = reasons.find((r) => String(r.id) === form.reason_id);
  const set = (key: keyof Form, value: string) => {
    setForm((f) => ({ ...f, [key]: value, ...(key === 'order_id' ? { shipment_id: '' } : {}) }));
    // A corrected field loses its message; the others keep theirs until the next submit.
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(e.target.files ?? [])];
    e.target.value = '';
    if (!chosen.length) return;
    if (files.length + chosen.length > 3) {
      setErrors((x) => ({ ...x, attachments: 'Please attach at most 3 files' }));
      return;
    }
    setUploading(true);
    setErrors(({ attachments: _, ...rest }) => rest);
    try {
      const res = await helpApi.upload(chosen);
      setFiles((list) => [...list, ...res.data]);
      toast.show(res.message, 'success');
    } catch (err) {
      const message = helpError(err);
      if (message) setErrors((x) => ({ ...x, attachments: message }));
    } finally {
      setUploading(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const body = {
      reason_id: form.reason_id,
      order_id: form.order_id,
      shipment_id: form.shipment_id,
      message: form.message,
      ...(channel === 'phone' ? { mobile: form.mobile } : { email: form.email, attachments: files.map((f) => f.public_id) }),
    };
    const found = fieldErrors(channel === 'phone' ? PhoneSchema : EmailTicketRequest, body);
    if (reason?.needs_order && !form.order_id) found.order_id ??= 'Please choose the order this is about';
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const res = channel === 'phone' ? await helpApi.phone(body as PhoneTicketRequest) : await helpApi.email(body as EmailTicketRequest);
      setDone(res.message);
      toast.show(res.message, 'success', 5000);
    } catch (err) {
      const message = helpError(err);
      setFailure(message || null);
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <p className={css.result.genuine} role="status" data-testid="ticket-done">
        {done}
      </p>
    );

  return (
    <form className={css.form} onSubmit={submit} noValidate style={{ marginTop: 16 }}>
      <Select
        label="Reason"
        value={form.reason_id}
        onChange={(v) => set('reason_id', v)}
        error={errors.reason_id}
        disabled={reasonsLoading}
        options={[{ value: '', label: 'Choose a reason' }, ...reasons.map((r) => ({ value: String(r.id), label: r.label }))]}
      />
      <Select
        label={reason?.needs_order ? 'Order' : 'Order (optional)'}
        value={form.order_id}
        onChange={(v) => set('order_id', v)}
        error={errors.order_id ?? (orders.error || undefined)}
        disabled={orders.loading}
        options={[
          { value: '', label: orders.data?.length ? 'Choose an order' : 'No orders yet' },
          ...(orders.data ?? []).map((o) => ({
            value: String(o.order_id),
            label: `${o.order_number} · ${formatOrderDate(o.created_at)} · ${formatPaise(o.total)}`,
          })),
        ]}
      />
      {orderId && shipments.data?.length ? (
        <Select
          label="Shipment (optional)"
          value={form.shipment_id}
          onChange={(v) => set('shipment_id', v)}
          error={errors.shipment_id}
          options={[
            { value: '', label: 'The whole order' },
            ...shipments.data.map((s) => ({
              value: String(s.shipment_id),
              label: `${s.shipment_number}: ${s.items.map((i) => `${i.name} × ${i.quantity}`).join(', ')}`,
            })),
          ]}
        />
      ) : null}
      {channel === 'phone' ? (
        <PhoneField
          label="Mobile number to call"
          name="mobile"
          value={form.mobile}
          onChange={(v) => set('mobile', v)}
          error={errors.mobile}
        />
      ) : (
        <EmailField label="Email for our reply" name="email" value={form.email} onChange={(v) => set('email', v)} error={errors.email} />
      )}
      <TextField
        label="How can we help?"
        name="message"
        value={form.message}
        multiline
        maxLength={1000}
        onChange={(v) => set('message', v)}
        error={errors.message}
      />
      {channel === 'email' ? (
        <FieldFrame label="Photos or documents (optional, up to 3: JPEG, PNG, WEBP or PDF, 5 MB each)" error={errors.attachments}>
          {(id, describedBy) => (
            <input
              id={id}
              aria-describedby={describedBy}
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp,application/pdf"
              onChange={onFiles}
              disabled={uploading || files.length >= 3}
            />
          )}
        </FieldFrame>
      ) : null}
      {files.length ? (
        <ul className={help.fileList} aria-label="Attached files" data-testid="attached-files">
          {files.map((f, i) => (
            <li key={f.public_id}>
              <a href={f.url} target="_blank" rel="noreferrer">
                Attachment {i + 1} ({f.content_type === 'application/pdf' ? 'PDF' : 'image'}, {Math.max(1, Math.round(f.size / 1024))} KB)
              </a>{' '}
              <button
                type="button"
                className={buttonSecondary}
                onClick={() => setFiles((list) => list.filter((x) => x.public_id !== f.public_id))}
              >
                Remove<span style={{ position: 'absolute', left: -9999 }}> attachment {i + 1}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {uploading ? <p className={css.meta}>Uploading…</p> : null}
      <SendRow failure={failure} busy={busy} disabled={busy || uploading} label={channel === 'phone' ? 'Request a call back' : 'Send'} />
    </form>
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
