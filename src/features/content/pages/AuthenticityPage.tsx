import { type FormEvent, useEffect, useState } from 'react';
import { messageOf } from '../../../api/resource.ts';
import { TextField } from '../../../ui/form/Fields.tsx';
import { useResource } from '../../../api/page-resource.ts';
import { useCachedResource } from '../../../api/cached-resource.ts';
import { Link } from 'react-router-dom';
import { type AuthenticateAnswer, AuthenticateRequest, CODE_MAX_LENGTH, normaliseCode } from '../../../../schemas/content-pages.ts';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { button, card } from '../../../ui/theme/global.css.ts';
import { preload } from '../../../api/route-data.ts';
import { authenticityBrandsResource, contentApi } from '../api.ts';
import * as css from '../components/content.css.ts';
import { CertificateLink } from '../components/CertificateLink.tsx';
import { fieldErrors } from '../../../ui/form-errors.ts';

// /authenticity (SPEC §1, §3, §4): the brands with certificates, the certificate viewer, and the check of a pack's
// NAC and scratch codes.

/**
 * The brands with certificates, loaded by the server before it renders (the first brand's certificate loads in the
 * browser, as the shopper picks). Server-only (docs/decisions/010): the browser's router runs no loaders.
 */
export const loader = import.meta.env.SSR
  ? async ({ context }: { context: unknown }): Promise<null> => {
      await preload(context, [authenticityBrandsResource()]);
      return null;
    }
  : undefined;

export default function AuthenticityPage() {
  const b = authenticityBrandsResource();
  const brands = useCachedResource(b.key, b.load);
  const [brandId, setBrandId] = useState<number | null>(null);
  // SPEC §4: a brand list with status 1 and at least one brand loads the first brand's certificate.
  useEffect(() => {
    const first = brands.data?.[0];
    if (first && brandId === null) setBrandId(first.brand_id);
  }, [brands.data, brandId]);
  const certificate = useResource(
    () => (brandId === null ? Promise.resolve(null) : contentApi.brandCertificate(brandId).then((r) => r.data)),
    [brandId],
  );

  return (
    <article className={css.page}>
      <header>
        <h1>Check Authenticity</h1>
        <p className={css.lead}>
          Every product on Kasrat comes from its brand or the brand's authorised importer. See each brand's certificate, or verify your pack
          with the codes printed on it.
        </p>
      </header>

      <section className={card} aria-labelledby="verify-title">
        <h2 id="verify-title">Verify your product</h2>
        <AuthenticateForm />
      </section>

      <section className={card} aria-labelledby="brands-title">
        <h2 id="brands-title">Brand certificates</h2>
        {brands.loading ? (
          <Skeleton height={44} />
        ) : brands.error ? (
          <p role="alert">{brands.error}</p>
        ) : (
          <ul className={css.chips} aria-label="Brands">
            {brands.data?.map((b) => (
              <li key={b.brand_id}>
                <button type="button" className={css.chip} aria-pressed={b.brand_id === brandId} onClick={() => setBrandId(b.brand_id)}>
                  {b.name}
                </button>
              </li>
            ))}
          </ul>
        )}
        <div aria-live="polite" style={{ marginTop: 16 }}>
          {certificate.loading ? (
            <Skeleton height={320} radius={10} />
          ) : certificate.error ? (
            <p role="alert">{certificate.error}</p>
          ) : certificate.data ? (
            certificate.data.certificates.map((c) => (
              <figure key={c.id} style={{ margin: 0 }} data-testid="certificate">
                <CertificateLink certificate={c} />
                <figcaption className={css.meta}>
                  {c.title} · No. {c.certificate_no} · valid till {c.valid_till}
                  {c.importer ? (
                    <>
                      {' '}
                      · imported by <Link to={`/importer/${c.importer.slug}`}>{c.importer.name}</Link>
                    </>
                  ) : null}
                </figcaption>
              </figure>
            ))
          ) : null}
        </div>
      </section>
    </article>
  );
}

type Form = { purchase_from: 0 | 1; other_store: string; nac_code: string; scratch_code: string };
const EMPTY: Form = { purchase_from: 0, other_store: '', nac_code: '', scratch_code: '' };

function AuthenticateForm() {
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [answer, setAnswer] = useState<AuthenticateAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const body = () => ({ ...form, other_store: form.purchase_from === 1 ? form.other_store : null });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = fieldErrors(AuthenticateRequest, body());
    setErrors(found);
    setAnswer(null);
    setFailure(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      setAnswer(await contentApi.authenticate(body()));
    } catch (err) {
      setFailure(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  // Both pack codes are typed the way the schema reads them: capitals, no spaces or dashes, at most the longest code.
  const codeField = (name: 'nac_code' | 'scratch_code', label: string, hint: string) => (
    <TextField
      label={label}
      name={name}
      value={form[name]}
      onChange={(v) => set({ [name]: normaliseCode(v).slice(0, CODE_MAX_LENGTH) })}
      error={errors[name]}
      hint={hint}
      autoComplete="off"
    />
  );

  const result = answer?.data.result;
  return (
    <form className={css.form} onSubmit={submit} noValidate>
      <fieldset className={css.radios}>
        <legend className={css.meta}>Where did you buy it?</legend>
        {(
          [
            [0, 'On Kasrat'],
            [1, 'Another store'],
          ] as const
        ).map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name="purchase_from"
              checked={form.purchase_from === value}
              onChange={() => set({ purchase_from: value })}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      {form.purchase_from === 1 ? (
        <TextField
          label="Store name"
          name="other_store"
          value={form.other_store}
          onChange={(v) => set({ other_store: v })}
          error={errors.other_store}
          maxLength={120}
        />
      ) : null}
      <div className={css.twoColumns}>
        {codeField('nac_code', 'NAC code', 'Printed beside the batch number')}
        {codeField('scratch_code', 'Scratch code', 'Under the scratch strip on the seal')}
      </div>
      <div>
        <button type="submit" className={button} disabled={busy}>
          {busy ? 'Checking…' : 'Verify'}
        </button>
      </div>
      <div aria-live="polite">
        {answer ? (
          <p
            className={result === 'genuine' ? css.result.genuine : result === 'already_used' ? css.result.warning : css.result.error}
            data-testid="authenticity-result"
            data-result={result}
          >
            {answer.message}
          </p>
        ) : null}
        {failure ? (
          <p className={css.result.error} role="alert" data-testid="authenticity-result" data-result="error">
            {failure}
          </p>
        ) : null}
      </div>
    </form>
  );
}
