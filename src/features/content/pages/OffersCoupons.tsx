import { useLocation, useSearchParams } from 'react-router-dom';
import { Banners, Carousel, PromotedProducts, PromotionCards, ProductRail } from '../../catalogue/index.ts';
import { useCachedResource } from '../../../api/cached-resource.ts';
import { useMediaQuery } from '../../../ui/useMediaQuery.ts';
import { saleApi } from '../api.ts';
import { preload } from '../../../api/route-data.ts';
import { brandOfWeekResource, clearanceResource, offersPageResource } from '../api.ts';
import {
  BankOffers,
  Coupons,
  Freebies,
  LoadError,
  OffersSkeleton,
  offerStyles as css,
  PreviewNotice,
  Section,
} from '../components/OfferSections.tsx';
import { previewId } from './Sale.tsx';

/**
 * /offers-coupons, and its staff preview /preview/offers-coupons (SPEC §6): the offers page banners and carousel
 * (SPEC §2), coupons, bank offers, limited-time offers, brand of the week, budget buys, free gifts, partner and
 * clearance offers (SPEC §7 offers calls).
 */
/** The offers page's sections, loaded by the server before it renders (previews are rendered in the browser). Server-only (docs/decisions/010): the browser's router runs no loaders. */
export const loader = import.meta.env.SSR
  ? async ({ context }: { context: unknown }): Promise<null> => {
      await preload(context, [offersPageResource(), brandOfWeekResource(), clearanceResource()]);
      return null;
    }
  : undefined;

export default function OffersCouponsPage() {
  const [search] = useSearchParams();
  const preview = useLocation().pathname.startsWith('/preview/');
  const id = previewId(search);
  const desktop = useMediaQuery();
  const page = useCachedResource(preview ? `offers-preview:${id ?? ''}` : offersPageResource().key, (signal) =>
    preview ? saleApi.offersPreview(id, { signal }) : saleApi.offersPage({ signal }),
  );
  const [w, c] = [brandOfWeekResource(), clearanceResource()];
  const brandOfWeek = useCachedResource(w.key, w.load);
  const clearance = useCachedResource(c.key, c.load);

  const d = page.data;
  if (!d && page.error) return <LoadError message={page.error} retry={page.reload} />;
  if (!d) return <OffersSkeleton label="Loading offers…" />;
  const shown = (kind: string) => (desktop ? !kind.endsWith('_mobile') : !kind.endsWith('_web'));
  const bow = brandOfWeek.data;
  const brandName = bow?.promotions[0]?.brand?.name;
  return (
    <div className={css.page}>
      {preview && <PreviewNotice id={d.preview_id} />}
      <header className={css.head}>
        <h1 className={css.title}>Offers &amp; Coupons</h1>
        <p className={css.lead}>Every live deal in one place: apply a coupon or pay with a partner bank to save more.</p>
      </header>

      <Carousel items={d.carousel.filter((p) => shown(p.kind))} section="offers_carousel" label="Offers" eager />

      <Section id="offers-coupons" title="Coupons">
        {d.coupons.length ? <Coupons coupons={d.coupons} /> : <p className={css.small}>No coupons are live right now.</p>}
      </Section>

      <Section id="offers-bank" title="Bank offers">
        {d.bank_offers.length ? <BankOffers offers={d.bank_offers} /> : <p className={css.small}>No bank offers are live right now.</p>}
      </Section>

      {d.limited.length > 0 && (
        <Section id="offers-limited" title="Limited-time offers">
          <PromotionCards items={d.limited} section="offers_banner" />
        </Section>
      )}

      <Banners items={d.banners.filter((p) => shown(p.kind)).slice(0, 2)} section="offers_banner" pair />

      {(d.brand_of_week.length > 0 || (bow?.products.length ?? 0) > 0) && (
        <Section id="offers-brand-of-week" title={brandName ? `Brand of the week: ${brandName}` : 'Brand of the week'}>
          <PromotionCards items={d.brand_of_week} section="offers_banner" />
          {bow && bow.products.length > 0 && <ProductRail hits={bow.products} listName="Offers: brand of the week" listing="offers" />}
        </Section>
      )}

      {d.budget_buys.length > 0 && (
        <Section id="offers-budget" title="Budget buys">
          <PromotedProducts items={d.budget_buys} section="budget_buys" listName="Offers: budget buys" />
        </Section>
      )}

      {d.freebies.length > 0 && (
        <Section id="offers-freebies" title="Free gifts" more={{ to: '/freebies', label: 'See free gifts' }}>
          <Freebies freebies={d.freebies} />
        </Section>
      )}

      {d.partner.length > 0 && (
        <Section id="offers-partner" title="Partner offers">
          <PromotionCards items={d.partner} section="offers_banner" />
        </Section>
      )}

      {(d.clearance.length > 0 || (clearance.data?.products.length ?? 0) > 0) && (
        <Section id="offers-clearance" title="Clearance sale" more={{ to: '/sale/clearance', label: 'Shop the clearance' }}>
          <PromotionCards items={d.clearance} section="offers_banner" />
          {clearance.data && clearance.data.products.length > 0 && (
            <ProductRail hits={clearance.data.products} listName="Offers: clearance" listing="offers" />
          )}
        </Section>
      )}
    </div>
  );
}
