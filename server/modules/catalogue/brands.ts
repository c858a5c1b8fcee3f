import type { CategoryNode } from '../../../schemas/catalogue.ts';
import type { CategoryRec } from '../../search/index.ts';
import { categorySummary } from './context.ts';

// /api/product-brand/* and the menu.

export const MENU_LINKS = [
  { label: 'Offers', url: '/offers-coupons/' },
  { label: 'All Brands', url: '/brands' },
  { label: 'All Categories', url: '/all-categories' },
  { label: 'Shop', url: '/shop' },
  { label: 'Bestsellers', url: '/bestseller/sports-nutrition/' },
  { label: 'Top 10', url: '/top-10/' },
];

export const treeOf = (c: CategoryRec): CategoryNode => ({ ...categorySummary(c), children: c.children.map(treeOf) });
