import { report } from '../../../../events/index.ts';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { ProductDetail, ProductHit } from '../../../../schemas/catalogue.ts';
import { productUrl, swatchesFor } from '../../../../schemas/catalogue-rules.ts';
import { formatPaise } from '../../../../schemas/money.ts';
import { originOf } from '../../../../events/origin-data.ts';
import { browserStorage } from '../../../../events/storage.ts';
import { catalogueApi } from '../api.ts';
import { hitToEventItem } from '../events.ts';
import { useCatalogueMeta } from '../hooks.ts';
import { readUrlHistory, rememberSimilarViewed } from '../local-data.ts';
import { useVariantDetail, variantDetailStore } from '../variant-detail-store.ts';
import { useCachedResource as useResource } from '../../../api/cached-resource.ts';
import { PdpBanner } from '../components/PdpBanner.tsx';
import { AddToCartButton, DeliveryEstimate, WishlistButton } from '../../cart/index.ts';
import { AuthenticityPanel } from '../components/AuthenticityPanel.tsx';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import * as pdp from './pdp.css.ts';
import * as catalogueCss from '../components/catalogue.css.ts';
import { FoodMarker } from '../components/FoodMarker.tsx';
import { ProductRail } from '../components/ProductRail.tsx';
import { Rating } from '../components/Rating.tsx';
import { StickyBuyBar } from '../components/StickyBuyBar.tsx';
import { ProductDetails, ServingPrice } from '../components/ProductDetails.tsx';
import { Img } from '../../../ui/Img.tsx';
import { Price } from '../../../ui/Price.tsx';
import { Skeleton } from '../../../ui/Skeleton.tsx';
import { useToast } from '../../../ui/Toast.tsx';
import { buttonSecondary, visuallyHidden } from '../../../ui/theme/global.css.ts';
import { FormNotice } from '../../../ui/FormNotice.tsx';
import { productAggregateResource, ProductReviewsSection } from '../../reviews/index.ts';
import { preload } from '../../../api/route-data.ts';
import {
  declarationsResource,
  offersResource,
  productResource,
  rangeResource,
  relatedResource,
  seoResource,
  similarResource,
  sourceResource,
} from '../resources.ts';
import { productImage, productImageSet } from '../../../../schemas/images.ts';

// /product/{slug}/?pId={parentId}&vId={variantId} (SPEC §2). The product and all its variants come in one call;
// a swatch picks another variant in place and rewrites the URL with replace (the back button leaves the
// product instead of stepping through flavours). An unknown product is a 404, which the API client turns into
// /notFound (SPEC §8) — this page never catches that.

const positiveInt = (v: string | null): number | null => {
  const n = Number(v);
  return v && Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * SPEC §2 origin brand: the trail runs through the brand when the shopper came here from that brand's page (a
 * link from a brand listing says so in router state; otherwise the previous URL of urlHistory tells).
 */
function brandOrigin(state: unknown, here: string): string | null {
  const fromState = (state as { origin?: unknown; brand?: unknown } | null) ?? null;
  if (fromState?.origin === 'brand' && typeof fromState.brand === 'string') return fromState.brand;
  const h = readUrlHistory(browserStorage('sessionStorage'));
  const previous = h.currUrl === here ? h.prevUrl : h.currUrl;
  const m = previous ? /^\/brand\/([^/?#]+)/.exec(previous) : null;
  return m ? (m[1] as string) : null;
}

function Gallery({ product, variant, views }: { product: ProductDetail['product']; variant: ProductHit; views: number }) {
  const [view, setView] = useState(0);
  // A new variant opens on its first image.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the variant changes.
  useEffect(() => setView(0), [variant.vid]);
  const label = variant.display_value ? `${product.name}, ${variant.display_value}` : product.name;
  return (
    <section className={pdp.gallery} aria-label="Product images">
      <Img
        key={productImage(variant.vid, view)}
        src={productImage(variant.vid, view)}
        srcSet={productImageSet(variant.vid, view)}
        alt={view === 0 ? label : `${label}, view ${view + 1}`}
        width={400}
        height={400}
        eager
        className={pdp.mainImage}
        data-testid="pdp-image"
      />
      {views > 1 && (
        <ul className={pdp.thumbs}>
          {Array.from({ length: views }, (_, n) => (
            <li key={productImage(variant.vid, n)}>
              <button
                type="button"
                className={pdp.thumb}
                aria-pressed={n === view}
                aria-label={`Show image ${n + 1} of ${views}`}
                onClick={() => setView(n)}
              >
                <Img src={productImage(variant.vid, n)} alt="" width={64} height={64} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Offers({ productId }: { productId: number }) {
  const def = offersResource(productId);
  const offers = useResource(def.key, def.load);
  const o = offers.data;
  if (!o || o.coupons.length + o.bank_offers.length + o.freebies.length === 0) return null;
  return (
    <section className={catalogueCss.panel} aria-labelledby="pdp-offers">
      <h2 id="pdp-offers" style={{ fontSize: 18, margin: 0 }}>
        Offers for you
      </h2>
      <ul className={pdp.offerList}>
        {o.coupons.map((c) => (
          <li key={c.code} className={pdp.offer}>
            <span className={pdp.offerTag}>{c.code}</span>
            <span>{c.details}</span>
          </li>
        ))}
        {o.bank_offers.map((b) => (
          <li key={`bank${b.id}`} className={pdp.offer}>
            <span className={pdp.offerTag}>Bank offer</span>
            <span>{b.description}</span>
          </li>
        ))}
        {o.freebies.map((f) => (
          <li key={`free${f.id}`} className={pdp.offer}>
            <span className={pdp.offerTag}>Free gift</span>
            <span>{f.title}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** SPEC §5 truncation: the short text (cut to 250 characters) until the shopper asks for the rest. */
function Description({ productId, short }: { productId: number; short: string }) {
  const [expanded, setExpanded] = useState(false);
  const full = useResource(expanded ? `description:${productId}` : null, (signal) => catalogueApi.description(productId, { signal }));
  // SPEC §5 truncate() adds '...' to any text over 100 characters but only cuts past 250: a shorter text is
  // whole, so it shows without the dots and needs no "Read more".
  const cut = short.endsWith('...') && short.length >= 253;
  const shown = cut ? short : short.replace(/\.\.\.$/, '');
  return (
    <>
      <p style={{ margin: 0, whiteSpace: 'pre-line' }} id={`description-${productId}`}>
        {expanded && full.data ? full.data.description : shown}
      </p>
      {cut && (
        <button
          type="button"
          className={catalogueCss.linkButton}
          aria-expanded={expanded}
          aria-controls={`description-${productId}`}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Show less' : 'Read more'}
        </button>
      )}
    </>
  );
}

function Rails({ productId, brandName }: { productId: number; brandName: string }) {
  const [r, l, s] = [rangeResource(productId), relatedResource(productId), similarResource(productId)];
  const range = useResource(r.key, r.load);
  const related = useResource(l.key, l.load);
  const similar = useResource(s.key, s.load);
  const rails = [
    { id: 'pdp-range', title: `More from ${brandName}`, list: 'Product range', hits: range.data },
    { id: 'pdp-related', title: 'Related products', list: 'Related products', hits: related.data },
    { id: 'pdp-similar', title: 'Similar products', list: 'Similar products', hits: similar.data },
  ];
  return (
    <>
      {rails.map((r) =>
        r.hits?.length ? (
          <section key={r.id} className={catalogueCss.section} aria-labelledby={r.id}>
            <h2 id={r.id} className={catalogueCss.sectionTitle}>
              {r.title}
            </h2>
            <ProductRail hits={r.hits} listName={r.list} listing="recommended" />
          </section>
        ) : null,
      )}
    </>
  );
}

function PdpSkeleton() {
  return (
    <div className={pdp.pdp} role="status" aria-live="polite">
      <span className={visuallyHidden}>Loading product…</span>
      <Skeleton height={360} radius={16} />
      <div className={pdp.buyBox}>
        <Skeleton width="30%" />
        <Skeleton width="85%" height={30} />
        <Skeleton width="40%" height={28} />
        <Skeleton height={44} radius={10} />
        <Skeleton height={44} radius={10} />
      </div>
    </div>
  );
}

/**
 * The product page's data, loaded by the server before it renders (docs/decisions/010): the product, then what the
 * page shows of it (its title, offers, source, rating summary and rails), so the page renders once with all of it.
 * Server-only, as the home page's.
 */
export const loader = import.meta.env.SSR ? productLoader : undefined;

async function productLoader({ request, context }: { request: Request; context: unknown }): Promise<null> {
  const pid = positiveInt(new URL(request.url).searchParams.get('pId'));
  if (!pid) return null;
  const [d] = await preload(context, [productResource(pid)]);
  if (!d) return null;
  const id = d.product.id;
  await preload(context, [
    seoResource(productUrl(d.product.slug, id)),
    offersResource(id),
    sourceResource(id),
    declarationsResource(id),
    productAggregateResource(id),
    rangeResource(id),
    relatedResource(id),
    similarResource(id),
  ]);
  return null;
}

export default function ProductPage() {
  const { slug = '' } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const toast = useToast();
  const here = `${location.pathname}${location.search}`;
  const [originBrand] = useState(() => brandOrigin(location.state, here));
  const pid = positiveInt(params.get('pId'));
  // The main buttons' row, watched by the phone's sticky bar. A ref object, not a callback ref into state: setting
  // state while React attaches refs re-rendered the whole page synchronously right after hydration.
  const actions = useRef<HTMLDivElement>(null);
  const urlVid = positiveInt(params.get('vId'));
  // The swatch a shopper picked shows at once: the URL (and so vId) follows in a router transition, and until then a
  // controlled radio would snap back to the old variant and the pick could be lost while the page settles.
  const [picked, setPicked] = useState<number | null>(null);
  useEffect(() => {
    if (picked !== null && picked === urlVid) setPicked(null);
  }, [picked, urlVid]);
  const vid = picked ?? urlVid;

  // A product address without pId (an old or hand-typed link) is looked up by its slug once.
  const lookupSlug = !pid && slug && slug !== 'product-name' ? slug : null;
  const lookup = useResource(lookupSlug ? `product-slug:${lookupSlug}` : null, (signal) =>
    catalogueApi.productBySlug(lookupSlug as string, { signal }),
  );
  useEffect(() => {
    if (lookup.data) navigate(lookup.data.url, { replace: true, state: location.state });
    else if (!pid && !lookupSlug) navigate('/notFound', { replace: true });
  }, [lookup.data, pid, lookupSlug, navigate, location.state]);

  const detail = useResource(pid ? productResource(pid).key : null, (signal) => catalogueApi.product(pid as number, { signal }));
  const d = detail.data;
  const listedVariant = d ? (d.variants.find((v) => v.vid === vid) ?? d.variant) : null;
  // SPEC §4.2: choosing another variant resets the variant detail store, which reloads that variant's price and
  // stock; until it answers (or if it fails) the product's own copy of the variant shows.
  const fresh = useVariantDetail();
  const freshHere = !!d && !!listedVariant && fresh.key?.productId === d.product.id && fresh.key.variantId === listedVariant.vid;
  const variant =
    listedVariant && freshHere && fresh.data?.vid === listedVariant.vid
      ? {
          ...listedVariant,
          sale_price: fresh.data.sale_price,
          regular_price: fresh.data.regular_price,
          stock_status: fresh.data.stock_status,
        }
      : listedVariant;
  useEffect(() => () => variantDetailStore.clear(), []);
  useCatalogueMeta(d ? productUrl(d.product.slug, d.product.id) : null);

  useEffect(() => {
    if (detail.error && detail.status !== 404) toast.show(detail.error, 'error');
  }, [detail.error, detail.status, toast]);

  // One address per variant: the product's slug, a trailing slash, pId and the variant shown (SPEC §2).
  useEffect(() => {
    if (!d || !variant) return;
    const canonical = productUrl(d.product.slug, d.product.id, variant.vid);
    if (here !== canonical) navigate(canonical, { replace: true, state: location.state });
  }, [d, variant, here, navigate, location.state]);

  // The list the shopper found the product in (product_origin_data, kept by the analytics core) also stands for
  // the other variants they switch to here.
  const entryVariant = useRef<number | null>(null);
  if (variant && entryVariant.current === null) entryVariant.current = variant.vid;
  const origin = entryVariant.current === null ? null : originOf(browserStorage('localStorage'), String(entryVariant.current));
  const listed = origin ? { list_name: origin.itemListName, index: origin.itemIndex } : undefined;

  const viewed = useRef<string | null>(null);
  useEffect(() => {
    if (!d || !variant) return;
    const key = `${d.product.id}:${variant.vid}`;
    if (viewed.current === key) return;
    viewed.current = key;
    report({ name: 'view_item', item: hitToEventItem(variant, listed) });
    rememberSimilarViewed(browserStorage('localStorage'), d.product.id, Date.now());
  });

  if (!pid) return lookup.error ? <p role="alert">{lookup.error}</p> : <PdpSkeleton />;
  if (!d || !variant) {
    if (detail.error && detail.status !== 404)
      return (
        <div className={catalogueCss.empty} role="alert">
          <p style={{ margin: 0 }}>{detail.error}</p>
          <button type="button" className={buttonSecondary} onClick={detail.reload}>
            Try again
          </button>
        </div>
      );
    return <PdpSkeleton />;
  }

  const product = d.product;
  const fromBrand = originBrand === product.brand.slug;
  const swatches = swatchesFor(d.variants, variant);
  const inStock = variant.stock_status === 'instock';
  const item = hitToEventItem(variant, listed);
  const choose = (variantId: number) => {
    setPicked(variantId);
    void variantDetailStore.reset(product.id, variantId);
    navigate(productUrl(product.slug, product.id, variantId), { replace: true, state: location.state });
  };

  return (
    <div className={catalogueCss.page}>
      <FormNotice />
      <Breadcrumbs
        items={fromBrand ? d.brand_breadcrumbs : d.breadcrumbs}
        context={{ pageType: 'product', origin: fromBrand ? 'brand' : null }}
      />
      <div className={pdp.pdp}>
        <Gallery product={product} variant={variant} views={Math.max(1, d.images.length)} />
        <div className={pdp.buyBox}>
          <Link to={product.brand.url} className={catalogueCss.cardBrand} style={{ fontSize: 14 }}>
            {product.brand.name}
          </Link>
          <div className={pdp.titleRow}>
            <FoodMarker value={product.food_type} />
            <h1>{product.name}</h1>
          </div>
          <Rating value={product.rating} count={product.rating_count} />

          <div
            className={pdp.priceBox}
            data-testid="pdp-price"
            data-price={variant.sale_price}
            data-mrp={variant.regular_price}
            aria-live="polite"
          >
            <Price mrp={variant.regular_price} sale={variant.sale_price} size="lg" />
            <p className={catalogueCss.muted} style={{ fontSize: 14 }}>
              MRP {formatPaise(variant.regular_price)} (inclusive of all taxes)
            </p>
            <ServingPrice productId={product.id} variantId={variant.vid} price={variant.sale_price} />
            <p className={inStock ? catalogueCss.stock.in : catalogueCss.stock.out} data-testid="stock-status">
              {inStock ? 'In stock' : 'Out of stock'}
            </p>
            {freshHere && fresh.error && (
              <p className={catalogueCss.muted} role="alert" data-testid="variant-error">
                {fresh.error}
              </p>
            )}
          </div>

          {swatches.map((s) => (
            <fieldset key={s.key} className={pdp.swatchGroup} data-swatch={s.key}>
              <legend>
                {s.name}: <span style={{ fontWeight: 400 }}>{s.options.find((o) => o.selected)?.value}</span>
              </legend>
              <div className={pdp.swatchOptions}>
                {s.options.map((o) => (
                  <label key={o.value} className={pdp.swatch} data-out={!o.in_stock}>
                    <input type="radio" name={s.key} value={o.value} checked={o.selected} onChange={() => choose(o.variant_id)} />
                    <span>
                      {o.value}
                      {!o.in_stock && <span className={visuallyHidden}> (out of stock)</span>}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}

          <div className={pdp.actions} ref={actions}>
            <AddToCartButton variantId={variant.vid} item={item} origin="pdp" disabled={!inStock} />
            <AddToCartButton variantId={variant.vid} item={item} origin="pdp" disabled={!inStock} buyNow />
            <div className={pdp.wishlistCell}>
              <WishlistButton
                variantId={variant.vid}
                item={item}
                evtD={{ source: 'pdp', list_name: listed?.list_name ?? null, index: listed?.index ?? null }}
              />
            </div>
          </div>

          <DeliveryEstimate />

          <AuthenticityPanel productId={product.id} />

          <Offers productId={product.id} />

          <PdpBanner />

          {product.highlights.length > 0 && (
            <section className={catalogueCss.panel} aria-labelledby="pdp-highlights">
              <h2 id="pdp-highlights" style={{ fontSize: 18, margin: 0 }}>
                Highlights
              </h2>
              <ul className={pdp.highlights}>
                {product.highlights.map((h) => (
                  <li key={h}>{h}</li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>

      <section className={catalogueCss.section} aria-labelledby="pdp-description">
        <h2 id="pdp-description" className={catalogueCss.sectionTitle}>
          Description
        </h2>
        <Description productId={product.id} short={product.short_description} />
        <p className={catalogueCss.muted} style={{ fontSize: 14 }}>
          SKU {variant.sku} · {product.category.name}
        </p>
      </section>

      <ProductDetails productId={product.id} variantId={variant.vid} />

      <ProductReviewsSection productId={product.id} slug={product.slug} brandId={product.brand.id} />

      <Rails productId={product.id} brandName={product.brand.name} />
      <StickyBuyBar target={actions} variant={variant} item={item} inStock={inStock} />
    </div>
  );
}
