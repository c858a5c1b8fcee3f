import { report } from '../../../../events/index.ts';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { CategorySummary, ProductHit, Promotion } from '../../../../schemas/catalogue.ts';
import type { EventOf, PromotionSection } from '../../../../events/index.ts';
import { hitToEventItem, promotionPayload } from '../events.ts';
import { Img } from '../../../ui/Img.tsx';
import * as css from './Promotions.css.ts';
import * as catalogueCss from './catalogue.css.ts';
import { ProductList } from './ProductList.tsx';

// SPEC §2 promotion sections: banners, carousels, tiles and promoted products. Each promotion reports
// view_promotion the first time at least half of it is on screen, and select_promotion when chosen.

type PromotionPayload = EventOf<'view_promotion'>['promotion'];

/** Calls `onView` once, the first time half of the element is visible (at once where there is no observer). */
export function useSeenOnce(ref: RefObject<Element | null>, key: string, onView: () => void): void {
  const callback = useRef(onView);
  callback.current = onView;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key (other promotions in the same element) observes again.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined') {
      callback.current();
      return;
    }
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          io.disconnect();
          callback.current();
        }
      },
      { threshold: 0.5 },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [ref, key]);
}

/** The products a promotion leads to (GA4's view_promotion names them): the answer's `items`. */
const itemsOf = (p: { items?: ProductHit[] }) => (p.items?.length ? { items: p.items.map((h) => hitToEventItem(h)) } : {});

function PromotionLink({
  p,
  index,
  section,
  eager = false,
  className = css.bannerLink,
  thumb = false,
  children,
}: {
  p: Promotion;
  index: number;
  section: PromotionSection;
  eager?: boolean;
  className?: string;
  /** A small square thumbnail instead of the full creative. */
  thumb?: boolean;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLAnchorElement>(null);
  const payload = (): PromotionPayload => promotionPayload(p, section, index);
  useSeenOnce(ref, `${p.id}:${index}`, () => report({ name: 'view_promotion', promotion: payload(), ...itemsOf(p) }));
  return (
    <Link
      ref={ref}
      to={p.href}
      className={className}
      data-promotion={p.creative_slot}
      onClick={() => report({ name: 'select_promotion', promotion: payload(), ...itemsOf(p) })}
    >
      {thumb ? (
        <Img src={p.image.src} alt="" width={56} height={56} style={{ objectFit: 'cover' }} />
      ) : (
        <Img src={p.image.src} alt={children ? '' : p.image.alt} width={p.image.width} height={p.image.height} eager={eager} />
      )}
      {children}
    </Link>
  );
}

/** Full-width banners, one under another (or two side by side from tablet up with `pair`). */
export function Banners({
  items,
  section,
  pair = false,
  eager = false,
}: {
  items: Promotion[];
  section: PromotionSection;
  pair?: boolean;
  eager?: boolean;
}) {
  if (items.length === 0) return null;
  return (
    <ul className={css.bannerPair} style={pair ? undefined : { gridTemplateColumns: '1fr' }}>
      {items.map((p, i) => (
        <li key={p.id}>
          <PromotionLink p={p} index={i} section={section} eager={eager && i === 0} />
        </li>
      ))}
    </ul>
  );
}

/**
 * SPEC §2 promotion sections: the hero shows the banners, then the carousel slides; a banner is reported in
 * banner_web / banner_mobile and a slide in carousel_web / carousel_mobile, by the breakpoint shown.
 */
export function HeroCarousel({ banners, slides, web }: { banners: Promotion[]; slides: Promotion[]; web: boolean }) {
  const sectionOf = (i: number): PromotionSection =>
    i < banners.length ? (web ? 'banner_web' : 'banner_mobile') : web ? 'carousel_web' : 'carousel_mobile';
  return <Carousel items={[...banners, ...slides]} section={sectionOf} label="Featured offers" eager />;
}

/**
 * A swipeable carousel (scroll snap) with previous / next buttons and slide pickers. No autoplay: moving content
 * the shopper did not ask for fails people who read slowly.
 */
export function Carousel({
  items,
  section,
  label,
  eager = false,
}: {
  items: Promotion[];
  /** One section for every slide, or each slide's own (a hero mixes banners and carousel slides). */
  section: PromotionSection | ((index: number) => PromotionSection);
  label: string;
  eager?: boolean;
}) {
  const track = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  if (items.length === 0) return null;
  const go = (i: number) => {
    const el = track.current;
    const n = items.length;
    const target = ((i % n) + n) % n;
    if (el) el.scrollTo({ left: target * el.clientWidth, behavior: 'smooth' });
    setCurrent(target);
  };
  const onScroll = () => {
    const el = track.current;
    if (el && el.clientWidth > 0) setCurrent(Math.round(el.scrollLeft / el.clientWidth));
  };
  return (
    <section className={css.carousel} aria-roledescription="carousel" aria-label={label}>
      <ul ref={track} className={css.carouselTrack} onScroll={onScroll}>
        {items.map((p, i) => (
          <li key={p.id} aria-roledescription="slide" aria-label={`${i + 1} of ${items.length}: ${p.title}`}>
            <PromotionLink p={p} index={i} section={typeof section === 'function' ? section(i) : section} eager={eager && i === 0} />
          </li>
        ))}
      </ul>
      {items.length > 1 && (
        <>
          <button
            type="button"
            className={css.carouselButton}
            style={{ left: 8 }}
            aria-label="Previous slide"
            onClick={() => go(current - 1)}
          >
            ‹
          </button>
          <button type="button" className={css.carouselButton} style={{ right: 8 }} aria-label="Next slide" onClick={() => go(current + 1)}>
            ›
          </button>
          <div className={css.carouselDots}>
            {items.map((p, i) => (
              <button
                key={p.id}
                type="button"
                className={css.dot}
                aria-label={`Show slide ${i + 1}: ${p.title}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}

/** Square tiles with a caption: top categories, top brands, new brand launches. */
export function PromotionTiles({ items, section }: { items: Promotion[]; section: PromotionSection }) {
  if (items.length === 0) return null;
  return (
    <ul className={catalogueCss.tiles}>
      {items.map((p, i) => (
        <li key={p.id}>
          <PromotionLink p={p} index={i} section={section} className={catalogueCss.tile}>
            <span>{p.brand?.name ?? p.title}</span>
          </PromotionLink>
        </li>
      ))}
    </ul>
  );
}

/** The home page's category tiles (SPEC §2 'categories' section). */
export function CategoryTiles({ categories }: { categories: Array<CategorySummary & { items?: ProductHit[] }> }) {
  const ref = useRef<HTMLUListElement>(null);
  const payload = (c: CategorySummary, position: number): PromotionPayload => ({
    section: 'categories',
    id: String(c.id),
    name: c.name,
    creative: c.image,
    position,
  });
  useSeenOnce(ref, categories.map((c) => c.id).join(','), () => {
    for (const [i, c] of categories.entries()) report({ name: 'view_promotion', promotion: payload(c, i), ...itemsOf(c) });
  });
  if (categories.length === 0) return null;
  return (
    <ul ref={ref} className={catalogueCss.tiles}>
      {categories.map((c, i) => (
        <li key={c.id}>
          <Link
            to={c.url}
            className={catalogueCss.tile}
            onClick={() => report({ name: 'select_promotion', promotion: payload(c, i), ...itemsOf(c) })}
          >
            <Img src={c.image} alt="" width={240} height={240} />
            <span>{c.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Deal of the week and budget buys: promotions of one product each, shown as product cards in a rail. */
export function PromotedProducts({ items, section, listName }: { items: Promotion[]; section: PromotionSection; listName: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const promoted = items.filter((p): p is Promotion & { product: ProductHit } => p.product !== null);
  useSeenOnce(ref, promoted.map((p) => p.id).join(','), () => {
    for (const [i, p] of promoted.entries()) report({ name: 'view_promotion', promotion: promotionPayload(p, section, i), ...itemsOf(p) });
  });
  if (promoted.length === 0) return null;
  return (
    <div ref={ref}>
      <ProductList
        hits={promoted.map((p) => p.product)}
        layout="rail"
        list={{
          listName,
          onSelect: (hit, index) => {
            const p = promoted[index];
            if (p) report({ name: 'select_promotion', promotion: promotionPayload(p, section, index), ...itemsOf(p) });
            report({ name: 'select_item', item: hitToEventItem(hit, { list_name: listName, index }), list_name: listName, index });
          },
        }}
      />
    </div>
  );
}

/** Offers of a brand or category page as small cards: thumbnail, title and what the offer is. */
export function PromotionCards({ items, section }: { items: Promotion[]; section: PromotionSection }) {
  if (items.length === 0) return null;
  return (
    <ul className={css.offerCards}>
      {items.map((p, i) => (
        <li key={p.id}>
          <PromotionLink p={p} index={i} section={section} className={css.offerCard} thumb>
            <span className={css.offerCardText}>
              <strong>{p.title}</strong>
              <span>{p.description}</span>
            </span>
          </PromotionLink>
        </li>
      ))}
    </ul>
  );
}
