import { CatalogueEvent } from '../../../events/index.ts';
import { isFilteredListing } from '../../../providers/rules.ts';
import { hitToEventItem, listingViewEvent, promotionSection } from './events.ts';
import { hit, listingResult } from '../../../tests/helpers/catalogue-fixtures.ts';

const chocolate = hit({
  pid: 8,
  vid: 27,
  parent_name: 'Pro Whey',
  weight: '1 kg',
  flavour: 'Chocolate',
  regular_price: 339_900,
  sale_price: 220_900,
});

describe('product hits as event items', () => {
  test('paise prices, parent name, variant and parent SKU, category trail and swatch', () => {
    expect(hitToEventItem(chocolate, { list_name: 'Brand: Titan Forge', index: 3 })).toEqual({
      variant_id: 27,
      product_id: 8,
      sku: 'SKU827',
      parent_sku: 'SKU8PA',
      name: 'Pro Whey',
      brand: 'Titan Forge',
      category: 'Whey Protein',
      cat_hierarchy: ['Sports Nutrition', 'Whey Protein'],
      mrp: 339_900,
      sale_price: 220_900,
      swatch: '1 kg / Chocolate',
      list_name: 'Brand: Titan Forge',
      index: 3,
    });
  });

  test('a product without swatches has no swatch field and validates', () => {
    const item = hitToEventItem(hit({ pid: 1, vid: 2 }));
    expect(item).not.toHaveProperty('swatch');
    expect(CatalogueEvent.parse({ name: 'view_item', item })).toBeTruthy();
  });
});

describe('listing views: default vs filtered (SPEC §5 rule, applied by the reporting layer)', () => {
  const active = (n: number) => Array.from({ length: n }, (_, i) => ({ facet: 'flavour' as const, value: `f${i}`, label: `F${i}` }));
  const price = (min: number | null, max: number | null) => ({ min, max, range_min: 0, range_max: 1 });

  test.each([
    ['a plain brand listing is a default view', 'brand', listingResult([chocolate]), '/brand/titan-forge', false],
    [
      'a filter in the answer makes it filtered',
      'brand',
      listingResult([chocolate], { active_filters: active(1) }),
      '/brand/titan-forge?flavour=f0',
      true,
    ],
    [
      'an active price makes it filtered',
      'category',
      listingResult([chocolate], { active_price: price(50_000, 99_999) }),
      '/product-category/whey?price_min=50000&price_max=99999',
      true,
    ],
    [
      'only a lower price bound still counts',
      'category',
      listingResult([chocolate], { active_price: price(50_000, null) }),
      '/product-category/whey?price_min=50000',
      true,
    ],
    ['sortby in the URL makes it filtered', 'category', listingResult([chocolate]), '/product-category/whey?sortby=price_asc', true],
    ['pn in the URL makes it filtered', 'brand', listingResult([chocolate], { page: 2, nbPages: 2 }), '/brand/titan-forge?pn=2', true],
    [
      'availability in the URL makes a brand listing filtered',
      'brand',
      listingResult([chocolate]),
      '/brand/titan-forge?availability=in_stock',
      true,
    ],
  ] as const)('%s', (_rule, listing, result, url, filtered) => {
    const event = listingViewEvent({ listName: 'L', listing, result });
    expect(CatalogueEvent.parse(event)).toEqual(event);
    expect(isFilteredListing(event, url)).toBe(filtered);
  });

  test('counts come from the answer; items carry their list and position across pages', () => {
    const hits = [hit({ pid: 1, vid: 1 }), hit({ pid: 2, vid: 2 })];
    const event = listingViewEvent({
      listName: 'Category: Whey',
      listing: 'category',
      category: 'Whey Protein',
      result: listingResult(hits, { page: 3, nbPages: 3, active_filters: active(2), active_price: price(null, 49_999) }),
    });
    expect(event).toMatchObject({ active_filters: 2, active_price: true, category: 'Whey Protein', list_name: 'Category: Whey' });
    expect(event.items.map((i) => [i.variant_id, i.list_name, i.index])).toEqual([
      [1, 'Category: Whey', 48],
      [2, 'Category: Whey', 49],
    ]);
  });
});

describe('promotion sections', () => {
  test.each([
    ['a known creative slot is its own section', 'deal_of_the_week', 'deal_of_the_week'],
    ['the web carousel slot', 'carousel_web', 'carousel_web'],
    ['an unknown slot falls back to the caller’s section', 'limited_offer', 'banner_web'],
  ] as const)('%s', (_rule, slot, section) => {
    expect(promotionSection(slot, 'banner_web')).toBe(section);
  });
});
