import { Fragment, type ReactNode, useEffect, useRef } from 'react';
import type { ProductHit, SalePageData } from '../../../../schemas/catalogue.ts';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { saleMeta } from '../../../../schemas/content.ts';
import { usePageMeta } from '../../../ui/meta.tsx';
import { Banners, PromotedProducts, PromotionTiles, ProductList, ProductRail, useSeenOnce } from '../../catalogue/index.ts';
import { useCachedResource } from '../../../api/cached-resource.ts';
import { useMediaQuery } from '../../../ui/useMediaQuery.ts';
import { preload } from '../../../api/route-data.ts';
import { brandsOnOfferResource, saleApi, saleBankOffersResource, saleResource } from '../api.ts';
import {
  BankOffers,
  BrandsOnOffer,
  LoadError,
  OffersSkeleton,
  offerStyles as css,
  PreviewNotice,
  Section,
} from '../components/OfferSections.tsx';
import { favouritesPromotion, report, saleItemList, viewSalePage } from '../events.ts';

type SaleProductSection = NonNullable<SalePageData['section_order']>[number];
const DEFAULT_ORDER: SaleProductSection[] = ['blockbuster', 'deals_on_favourites', 'category_products'];

/** The preview id of a staff preview URL (?id=), when it is a whole number. */
export function previewId(search: URLSearchParams): number | undefined {
  const raw = search.get('id');
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
}

/**
 * SPEC §2: "deals on favourites" is reported as a promotion (view_promotion when seen, select_promotion when one of
 * its products is tapped), besides the rail's own item-list events.
 */
function FavouritesPromotion({ hits, listName }: { hits: readonly ProductHit[]; listName: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useSeenOnce(ref, `favourites:${hits.map((h) => h.vid).join(',')}`, () => report(favouritesPromotion('view_promotion', hits, listName)));
  return (
    <div
      ref={ref}
      data-promotion="sale_deals_on_favourites"
      onClickCapture={(e) => {
        if ((e.target as Element).closest('a')) report(favouritesPromotion('select_promotion', hits, listName));
      }}
    >
      <ProductRail hits={hits} listName={listName} listing="sale" />
    </div>
  );
}

/**
 * The sale and the offers beside it, loaded by the server before it renders (previews are rendered in the browser).
 * Server-only (docs/decisions/010): the browser's router runs no loaders.
 */
export const loader = import.meta.env.SSR
  ? async ({ context, params, request }: { context: unknown; params: { slug?: string }; request: Request }): Promise<null> => {
      if (new URL(request.url).pathname.startsWith('/preview/')) return null;
      await preload(context, [saleResource(params.slug ?? ''), brandsOnOfferResource(), saleBankOffersResource()]);
      return null;
    }
  : undefined;

/**
 * /sale/:slug, and its staff preview /preview/sale/:slug (SPEC §6). Sections of SPEC §2: partner brand offers,
 * banner 1, budget buys, deals on favourites; plus the blockbuster offers and the sale's products.
 */
export default function SalePage() {
  const { slug = '' } = useParams();
  const [search] = useSearchParams();
  const preview = useLocation().pathname.startsWith('/preview/');
  const id = previewId(search);
  const desktop = useMediaQuery();
  const live = saleResource(slug);
  const sale = useCachedResource(preview ? `sale-preview:${slug}:${id ?? ''}` : live.key, (signal) =>
    preview ? saleApi.salePreview(slug, id, { signal }) : live.load(signal),
  );
  const [o, b] = [brandsOnOfferResource(), saleBankOffersResource()];
  const brands = useCachedResource(o.key, o.load);
  const bank = useCachedResource(b.key, b.load);
  const d = sale.data;
  usePageMeta(d ? saleMeta(d.title) : null);

  // SPEC §2 / §9: the sale page view, and its product list filled up to 5 from the blockbuster offers, then the
  // sale's products (the core suppresses both under /preview/).
  useEffect(() => {
    if (!d) return;
    report(viewSalePage(d.slug));
    if (d.blockbuster.length || d.category_products.length) report(saleItemList(d.title, d));
  }, [d]);

  if (!d && sale.error) return <LoadError message={sale.error} retry={sale.reload} />;
  if (!d) return <OffersSkeleton label="Loading the sale…" />;
  const banners = d.banner_1.filter((b) => (desktop ? b.kind !== 'banner_mobile' : b.kind !== 'banner_web'));
  const listName = `Sale: ${d.title}`;
  // The three product sections, in the order marketing gave them (console sale pages), each in one of three slots.
  const products: Record<SaleProductSection, ReactNode> = {
    blockbuster: d.blockbuster.length > 0 && (
      <Section id="sale-blockbuster" title="Blockbuster offers">
        <ProductList hits={d.blockbuster} list={{ listName }} layout="rail" label="Blockbuster offers" eager={2} />
      </Section>
    ),
    deals_on_favourites: d.deals_on_favourites.length > 0 && (
      <Section id="sale-favourites" title="Deals on favourites">
        <FavouritesPromotion hits={d.deals_on_favourites} listName={`${listName}: deals on favourites`} />
      </Section>
    ),
    category_products: d.category_products.length > 0 && (
      <Section id="sale-all" title={`All ${d.title.toLowerCase()} products`}>
        <ProductList hits={d.category_products} list={{ listName }} offset={d.blockbuster.length} label={`All ${d.title} products`} />
      </Section>
    ),
  };
  const order = d.section_order?.length === 3 ? d.section_order : DEFAULT_ORDER;
  const slot = (i: number) => <Fragment key={order[i]}>{products[order[i] as SaleProductSection]}</Fragment>;
  return (
    <div className={css.page}>
      {preview && <PreviewNotice id={d.preview_id} />}
      <header className={css.head}>
        <h1 className={css.title}>{d.title}</h1>
        <p className={css.lead}>Genuine supplements, sourced from brands and their importers, at sale prices.</p>
      </header>

      {banners.length > 0 && (
        <section aria-label="Sale banner">
          <Banners items={banners.slice(0, 1)} section="sale_banner_1" eager />
        </section>
      )}

      {slot(0)}

      {d.partner_brand_offers.length > 0 && (
        <Section id="sale-partner-brands" title="Partner brand offers" more={{ to: '/brands', label: 'All brands' }}>
          <PromotionTiles items={d.partner_brand_offers} section="sale_partner_brand_offers" />
        </Section>
      )}

      {(brands.data?.length ?? 0) > 0 && (
        <Section id="sale-brands-on-offer" title="Brands on offer">
          <BrandsOnOffer brands={brands.data?.slice(0, 12) ?? []} />
        </Section>
      )}

      {d.budget_buys.length > 0 && (
        <Section id="sale-budget" title="Budget buys">
          <PromotedProducts items={d.budget_buys} section="sale_budget_buys" listName={`${listName}: budget buys`} />
        </Section>
      )}

      {slot(1)}

      {(bank.data?.length ?? 0) > 0 && (
        <Section id="sale-bank" title="Bank offers">
          <BankOffers offers={bank.data ?? []} />
        </Section>
      )}

      {slot(2)}
    </div>
  );
}
