import type { Db } from '../../db/database.ts';
import type { CatalogueStore } from '../../search/index.ts';
import type { CouponRow } from '../cart/index.ts';
import { contentTables } from './queries.ts';

// Offers, coupons, bank offers, freebies and sale pages: small tables read into memory and reloaded when their change
// counter moves (the store's contentVersion). Whether an offer is live is decided per request, by its dates.

export interface OfferRec {
  id: number;
  kind: string;
  title: string;
  description: string;
  brand_id: number | null;
  product_id: number | null;
  image_hue: number;
  starts_at: number;
  ends_at: number;
  is_preview: boolean;
  position: number;
  data: Record<string, unknown>;
}

/** A coupon row kept in memory, its window as epoch milliseconds. */
export type CouponRec = Omit<CouponRow, 'starts_at' | 'ends_at'> & { starts_at: number; ends_at: number };

export interface BankOfferRec {
  id: number;
  bank: string;
  instrument: string;
  kind: string;
  value: number;
  max_discount: number | null;
  min_cart: number;
  description: string;
  starts_at: number;
  ends_at: number;
}

export interface FreebieRec {
  id: number;
  variant_id: number;
  threshold: number;
  title: string;
  active: boolean;
}

export type SaleSectionKey = 'blockbuster' | 'deals_on_favourites' | 'category_products';

export interface SaleSectionRec {
  section: SaleSectionKey;
  position: number;
  is_hidden: boolean;
  /** Hand-picked products in their order; empty: the sale's discount rule fills the section. */
  product_ids: number[];
}

/** A sale page (/sale/:slug, migration 250); dates null: no limit on that side. */
export interface SalePageRec {
  id: number;
  slug: string;
  title: string;
  min_discount: number;
  starts_at: number | null;
  ends_at: number | null;
  is_published: boolean;
  sections: SaleSectionRec[];
}

export interface Content {
  offers: OfferRec[];
  coupons: CouponRec[];
  bankOffers: BankOfferRec[];
  freebies: FreebieRec[];
  salePages: Map<string, SalePageRec>;
}

const t = (d: Date | string) => new Date(d).getTime();

export class ContentCache {
  private content: Content | null = null;
  private loadedFor = -1;
  private loading: Promise<Content> | null = null;

  constructor(
    private readonly db: Db,
    private readonly store: CatalogueStore,
  ) {}

  async get(): Promise<Content> {
    const version = this.store.contentVersion;
    if (this.content && this.loadedFor === version) return this.content;
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    const content = await this.loading;
    this.content = content;
    this.loadedFor = version;
    return content;
  }

  private async load(): Promise<Content> {
    const { offers, coupons, bankOffers, freebies, salePages, saleSections } = await contentTables(this.db);
    return {
      offers: offers.map((o) => ({
        ...o,
        starts_at: t(o.starts_at),
        ends_at: t(o.ends_at),
        data: (typeof o.data === 'string' ? JSON.parse(o.data) : o.data) as Record<string, unknown>,
      })),
      coupons: coupons.map((c) => ({ ...c, starts_at: t(c.starts_at), ends_at: t(c.ends_at) })),
      bankOffers: bankOffers.map((b) => ({ ...b, starts_at: t(b.starts_at), ends_at: t(b.ends_at) })),
      freebies,
      salePages: new Map(
        salePages.map((s) => [
          s.slug,
          {
            id: s.id,
            slug: s.slug,
            title: s.title,
            min_discount: s.min_discount,
            starts_at: s.starts_at === null ? null : t(s.starts_at),
            ends_at: s.ends_at === null ? null : t(s.ends_at),
            is_published: s.is_published,
            sections: saleSections
              .filter((x) => x.sale_page_id === s.id)
              .map((x) => ({ section: x.section, position: x.position, is_hidden: x.is_hidden, product_ids: x.product_ids ?? [] })),
          },
        ]),
      ),
    };
  }
}

export const isLive = (o: { starts_at: number; ends_at: number }, now = Date.now()) => o.starts_at <= now && now <= o.ends_at;
