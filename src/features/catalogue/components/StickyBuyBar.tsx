import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { EventItem } from '../../../../events/index.ts';
import type { ProductHit } from '../../../../schemas/catalogue.ts';
import { AddToCartButton } from '../../cart/index.ts';
import { Price } from '../../../ui/Price.tsx';
import * as pdp from './StickyBuyBar.css.ts';
import { useMediaQuery } from '../../../ui/useMediaQuery.ts';

// Phones (< 992px): once the page's own add-to-cart buttons have scrolled up out of view, a bar fixed to the
// bottom keeps the price and Add to cart at hand. While it shows, the body gets matching bottom padding so the
// bar never hides the end of the page (the footer) for good.

/**
 * True while `target` is above the viewport (scrolled past), watched with an IntersectionObserver. The element is
 * read when the effect runs: it mounts and unmounts with the bar (both are drawn only with a product).
 */
function useScrolledPast(targetRef: RefObject<Element | null>, enabled: boolean): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    setPast(false);
    const target = targetRef.current;
    if (!enabled || !target || typeof IntersectionObserver === 'undefined') return;
    // The root reaches far below the viewport, so "not intersecting" means "above it": a jump from below the
    // fold straight past the buttons (a fling, an anchor) still changes state and is reported. Its top starts
    // under the sticky header: buttons hidden behind the header count as scrolled away.
    const header = document.querySelector('header');
    const top = header && getComputedStyle(header).position === 'sticky' ? header.offsetHeight : 0;
    const io = new IntersectionObserver(
      (entries) => {
        const e = entries[entries.length - 1];
        if (e) setPast(!e.isIntersecting && e.boundingClientRect.top < (e.rootBounds?.top ?? 0));
      },
      { rootMargin: `-${top}px 0px 100000px 0px` },
    );
    io.observe(target);
    return () => io.disconnect();
  }, [targetRef, enabled]);
  return past;
}

export function StickyBuyBar({
  target,
  variant,
  item,
  inStock,
}: {
  target: RefObject<Element | null>;
  variant: ProductHit;
  item: EventItem;
  inStock: boolean;
}) {
  const desktop = useMediaQuery();
  const shown = useScrolledPast(target, !desktop) && !desktop;
  const bar = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const el = bar.current;
    if (!shown || !el) return;
    const body = document.body;
    const before = body.style.paddingBottom;
    const pad = () => {
      body.style.paddingBottom = `${el.offsetHeight}px`;
    };
    pad();
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(pad);
    ro?.observe(el);
    return () => {
      ro?.disconnect();
      body.style.paddingBottom = before;
    };
  }, [shown]);
  if (!shown) return null;
  return (
    <section ref={bar} className={pdp.stickyBar} aria-label="Quick add to cart" data-testid="pdp-sticky-bar">
      <div className={pdp.stickyPrice}>
        <p className={pdp.stickyName}>{variant.display_value || variant.parent_name}</p>
        <Price mrp={variant.regular_price} sale={variant.sale_price} />
      </div>
      <div className={pdp.stickyAction}>
        <AddToCartButton variantId={variant.vid} item={item} origin="pdp" disabled={!inStock} />
      </div>
    </section>
  );
}
