import { searchUrl } from '../../../schemas/catalogue-rules.ts';

// SPEC §3: a built-in sample of 5 bestseller products (price, rating, sales). Shown on a bestseller page whose
// listing has nothing to show, so the shopper still has somewhere to go. The entries are kinds of product every
// sports-nutrition catalogue carries, each leading to a search for it, never to a product page that may not exist.

export interface SampleBestseller {
  name: string;
  /** Typical price, in paise (docs/architecture.md: money is paise). */
  price: number;
  /** Average rating, out of 5. */
  rating: number;
  /** Units sold, as the sample's ranking. */
  sales: number;
}

export const BESTSELLER_SAMPLE: readonly SampleBestseller[] = [
  { name: 'Whey protein 1 kg', price: 2_499_00, rating: 4.5, sales: 12_400 },
  { name: 'Creatine monohydrate 250 g', price: 899_00, rating: 4.6, sales: 9_800 },
  { name: 'Mass gainer 3 kg', price: 2_999_00, rating: 4.2, sales: 6_100 },
  { name: 'Multivitamin 60 tablets', price: 599_00, rating: 4.4, sales: 5_300 },
  { name: 'Pre-workout 300 g', price: 1_799_00, rating: 4.1, sales: 3_900 },
];

/** Where a sample entry leads: the store's search for it. */
export const sampleHref = (s: SampleBestseller): string => searchUrl(s.name.replace(/\s+\d.*$/, ''));
