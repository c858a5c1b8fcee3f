import {
  emit,
  events$,
  currentContext,
  invalidEventCount,
  setPageContext,
  setStrictValidation,
  setUserContext,
  type DomainEvent,
} from './index.ts';
import { EVENT_NAMES } from './catalogue.ts';

const item = { variant_id: 1, product_id: 2, sku: 'ON-WH-1KG-CH', name: 'Whey', mrp: 300000, sale_price: 250000 };

describe('event bus', () => {
  let seen: DomainEvent[] = [];
  let sub: { unsubscribe(): void };
  beforeEach(() => {
    seen = [];
    sub = events$.subscribe((d) => seen.push(d));
    setStrictValidation(true);
  });
  afterEach(() => sub.unsubscribe());

  test('emit delivers synchronously and returns the event_id subscribers see', () => {
    const id = emit({ name: 'add_to_cart', item, origin: 'pdp' });
    expect(seen).toHaveLength(1);
    expect(seen[0].id).toBe(id);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('each domain event gets its own event_id', () => {
    const a = emit({ name: 'page_view' });
    const b = emit({ name: 'page_view' });
    expect(a).not.toBe(b);
  });

  test('purchase and order_placed use the order id as event_id', () => {
    const order = { order_id: 'KS-100234', items: [item], value: 250000 };
    expect(emit({ name: 'purchase', ...order })).toBe('KS-100234');
    expect(emit({ name: 'order_placed', ...order })).toBe('KS-100234');
  });

  test('invalid events throw in development and tests', () => {
    expect(() => emit({ name: 'add_to_cart', item: { ...item, mrp: -1 }, origin: 'pdp' })).toThrow(/Invalid event add_to_cart/);
    expect(() => emit({ name: 'no_such_event' } as never)).toThrow(TypeError);
    expect(seen).toHaveLength(0);
  });

  test('invalid events are counted, not thrown, in production', () => {
    setStrictValidation(false);
    const before = invalidEventCount();
    expect(emit({ name: 'add_to_cart', item: { ...item, sku: 42 }, origin: 'pdp' } as never)).toBe('');
    expect(invalidEventCount()).toBe(before + 1);
    expect(seen).toHaveLength(0);
  });

  test('context follows setPageContext / setUserContext and remembers the previous URL', () => {
    setUserContext({ loggedIn: true, userId: 7, name: 'Ravi Kumar', lastOrder: null });
    setPageContext({ url: '/cart', userAgent: 'X Mobile Y' });
    setPageContext({ url: '/my-account' });
    emit({ name: 'login_viewed' });
    expect(seen[0].ctx).toMatchObject({
      page_type: 'login',
      login_source_page: 'cart',
      source: 'mobile-web',
      login_status: 'logged_in',
      user_id: '7',
      new_customer: 'yes',
    });
    expect(currentContext()).toBe(seen[0].ctx);
  });

  test('the catalogue has one entry per SPEC §7 event family', () => {
    const families = {
      pages: ['page_view', 'page_drop'],
      listing: ['view_item', 'view_item_list', 'select_item', 'view_promotion', 'select_promotion', 'search', 'search_query_fetched'],
      cart: ['add_to_cart', 'remove_from_cart', 'view_cart', 'add_to_wishlist', 'coupon_applied', 'freebie_added'],
      checkout: ['begin_checkout', 'checkout_initiated', 'add_payment_info', 'payment_initiated', 'purchase', 'order_placed'],
      account: ['user_login', 'user_register', 'user_logout', 'otp_sent'],
      content: ['store_locator_viewed', 'retailer_form_submitted'],
    };
    for (const name of Object.values(families).flat()) expect(EVENT_NAMES).toContain(name);
    expect(new Set(EVENT_NAMES).size).toBe(EVENT_NAMES.length);
  });
});
