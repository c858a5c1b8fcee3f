import { type FormEvent, useState } from 'react';
import { SALE_SECTION_LABELS, SALE_SECTIONS, type StaffSalePage } from '../../../../../../schemas/staff.ts';
import { createSalePage, listSalePages, saveSalePage } from '../../../promotions-api.ts';
import { css } from '../../console-styles.ts';
import { DataTable, errorData, indiaTime, messageOf, Status, useConsoleList } from '../../shared.tsx';
import { indiaLocalInput, instantFromIndiaLocal } from '../../../../../../schemas/dates.ts';

// Sale pages (/sale/:slug): title, dates, publishing, the smallest discount a product needs to be in the sale, and
// the product sections. A section with product IDs shows those products in that order; left empty, the sale's
// discount rule fills it; hidden, it is not shown. The storefront shows a saved change at once.

type SectionKey = (typeof SALE_SECTIONS)[number];
interface SectionDraft {
  section: SectionKey;
  is_hidden: boolean;
  product_ids: string;
}
const emptyPage = {
  slug: '',
  title: '',
  min_discount: '1',
  starts_at: '',
  ends_at: '',
  is_published: true,
  sections: SALE_SECTIONS.map((section): SectionDraft => ({ section, is_hidden: false, product_ids: '' })),
};
type Draft = typeof emptyPage;

const draftOf = (p: StaffSalePage): Draft => ({
  slug: p.slug,
  title: p.title,
  min_discount: String(p.min_discount),
  starts_at: indiaLocalInput(p.starts_at),
  ends_at: indiaLocalInput(p.ends_at),
  is_published: p.is_published,
  sections: p.sections.map((s) => ({
    section: s.section,
    is_hidden: s.is_hidden,
    product_ids: s.products.map((x) => x.product_id).join(', '),
  })),
});

/** What the form sends: a product ID that is not a number is sent as typed, so the server names the field. */
const bodyOf = (d: Draft) => ({
  title: d.title,
  min_discount: Number(d.min_discount),
  starts_at: d.starts_at ? instantFromIndiaLocal(d.starts_at) : null,
  ends_at: d.ends_at ? instantFromIndiaLocal(d.ends_at) : null,
  is_published: d.is_published,
  sections: d.sections.map((s) => ({
    section: s.section,
    is_hidden: s.is_hidden,
    product_ids: s.product_ids
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((x) => (/^\d+$/.test(x) ? Number(x) : x)),
  })),
});

const shownTo = (p: StaffSalePage) => {
  if (!p.is_published) return 'Unpublished';
  const now = Date.now();
  if (p.starts_at && Date.parse(p.starts_at) > now) return `From ${indiaTime(p.starts_at)}`;
  if (p.ends_at && Date.parse(p.ends_at) < now) return `Ended ${indiaTime(p.ends_at)}`;
  return p.ends_at ? `Live until ${indiaTime(p.ends_at)}` : 'Live';
};

const fetchSalePages = async () => (await listSalePages()).data.sale_pages;

export default function SalePages({ canEdit }: { canEdit: boolean }) {
  const { rows, status, setStatus, load } = useConsoleList(fetchSalePages);
  const [draft, setDraft] = useState<Draft>(emptyPage);
  const [editing, setEditing] = useState<StaffSalePage | null>(null);
  const set = (field: 'slug' | 'title' | 'min_discount' | 'starts_at' | 'ends_at') => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: e.target.value }));
  const setSection = (i: number, change: Partial<SectionDraft>) =>
    setDraft((d) => ({ ...d, sections: d.sections.map((s, j) => (j === i ? { ...s, ...change } : s)) }));
  const move = (i: number, by: -1 | 1) =>
    setDraft((d) => {
      const sections = [...d.sections];
      const [s] = sections.splice(i, 1);
      if (s) sections.splice(i + by, 0, s);
      return { ...d, sections };
    });
  const reset = () => {
    setEditing(null);
    setDraft(emptyPage);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const answer = editing
        ? await saveSalePage(editing.id, { ...bodyOf(draft), expected_version: editing.version })
        : await createSalePage({ slug: draft.slug, ...bodyOf(draft) });
      setStatus({ kind: 'saved', text: answer.message });
      reset();
      await load();
    } catch (err) {
      setStatus({ kind: 'error', text: messageOf(err) });
      const current = errorData<{ current?: StaffSalePage }>(err)?.current;
      if (current && editing) {
        setEditing(current);
        setDraft(draftOf(current));
        await load();
      }
    }
  };
  return (
    <section aria-labelledby="ops-sale-pages">
      <h1 id="ops-sale-pages" className={css.heading}>
        Sale pages
      </h1>
      <Status status={status} />
      {canEdit && (
        <form className={css.card} aria-label={editing ? 'Edit sale page' : 'New sale page'} onSubmit={submit}>
          <h2 className={css.subheading}>{editing ? `Edit sale page /sale/${editing.slug}` : 'New sale page'}</h2>
          <div className={css.filters}>
            {!editing && (
              <label className={css.field}>
                Address (/sale/…)
                <input className={css.input} required value={draft.slug} onChange={set('slug')} placeholder="monsoon-sale" />
              </label>
            )}
            <label className={css.field}>
              Title
              <input className={css.input} required value={draft.title} onChange={set('title')} />
            </label>
            <label className={css.field}>
              Smallest discount (%)
              <input className={css.input} inputMode="numeric" required value={draft.min_discount} onChange={set('min_discount')} />
            </label>
            <label className={css.field}>
              Starts (India time, optional)
              <input className={css.input} type="datetime-local" value={draft.starts_at} onChange={set('starts_at')} />
            </label>
            <label className={css.field}>
              Ends (India time, optional)
              <input className={css.input} type="datetime-local" value={draft.ends_at} onChange={set('ends_at')} />
            </label>
            <label className={css.check}>
              <input
                type="checkbox"
                checked={draft.is_published}
                onChange={(e) => setDraft((d) => ({ ...d, is_published: e.target.checked }))}
              />
              Published
            </label>
          </div>
          <h3 className={css.minor}>Sections, in page order</h3>
          {draft.sections.map((s, i) => (
            <fieldset key={s.section} className={css.filters}>
              <legend>{SALE_SECTION_LABELS[s.section]}</legend>
              <label className={css.field}>
                Product IDs in order (empty: by discount)
                <input
                  className={css.input}
                  inputMode="numeric"
                  value={s.product_ids}
                  onChange={(e) => setSection(i, { product_ids: e.target.value })}
                />
              </label>
              <label className={css.check}>
                <input type="checkbox" checked={s.is_hidden} onChange={(e) => setSection(i, { is_hidden: e.target.checked })} />
                Hidden
              </label>
              <button type="button" className={css.tab} disabled={i === 0} onClick={() => move(i, -1)}>
                Up<span className="ops-hidden"> {SALE_SECTION_LABELS[s.section]}</span>
              </button>
              <button type="button" className={css.tab} disabled={i === draft.sections.length - 1} onClick={() => move(i, 1)}>
                Down<span className="ops-hidden"> {SALE_SECTION_LABELS[s.section]}</span>
              </button>
            </fieldset>
          ))}
          <div className={css.searchRow}>
            <button className={css.button} type="submit">
              {editing ? 'Save sale page' : 'Create sale page'}
            </button>
            {editing && (
              <button className={css.tab} type="button" onClick={reset}>
                Cancel
              </button>
            )}
          </div>
        </form>
      )}
      <DataTable
        label="Sale pages"
        columns={['Page', 'Title', 'Shown', 'Sections', { label: 'Actions', hidden: true }]}
        rows={rows}
        rowKey={(r) => r.id}
        empty="No sale pages yet."
        cells={(row) => [
          <a key="link" href={`/sale/${row.slug}`} target="_blank" rel="noreferrer">
            /sale/{row.slug}
          </a>,
          row.title,
          shownTo(row),
          row.sections
            .map(
              (s) =>
                `${SALE_SECTION_LABELS[s.section]}: ${s.is_hidden ? 'hidden' : s.products.length ? `${s.products.length} picked` : 'by discount'}`,
            )
            .join('; '),
          canEdit && (
            <button
              key="edit"
              type="button"
              className={css.button}
              onClick={() => {
                setEditing(row);
                setDraft(draftOf(row));
              }}
            >
              Edit<span className="ops-hidden"> sale page {row.slug}</span>
            </button>
          ),
        ]}
      />
    </section>
  );
}
