import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodRequestTypes } from '../../http/validate.ts';
import {
  AddFreebieRequest,
  AddSaveForLaterRequest,
  AddToCartRequest,
  AddWishlistRequest,
  ApplyCouponRequest,
  BankOfferQuery,
  DeleteCartRequest,
  DeleteSaveForLaterRequest,
  DeleteWishlistRequest,
  MoveToCartRequest,
  PersistCartRequest,
  priceMetaValue,
  RecommendedQuery,
  RemoveFreebieRequest,
  UpdateCartRequest,
  CartListResponse,
  MiniCartResponse,
  CartIdResponse,
  WishlistResponse,
  ProductIdResponse,
  SavedForLaterResponse,
  CouponListResponse,
  DynamicCouponListResponse,
  AppliedCouponResponse,
  CartBankOfferResponse,
  RecommendedProductsResponse,
  FreebieProductsResponse,
} from '../../../schemas/cart.ts';
import { formatPaise } from '../../../schemas/money.ts';
import type { Db } from '../../db/database.ts';
import { ok } from '../../http/envelope.ts';
import { NotFound } from '../../http/errors.ts';
import { requireCustomer as requireSignedIn, signedInCustomer } from '../../modules/session/index.ts';
import { bankOfferViews, loadBankOffers } from '../../modules/cart/bank-offers.ts';
import { addToCart, ensureCart, findCart, mergeGuestCart, removeFromCart, setQuantity } from '../../modules/cart/service.ts';
import { cartOwner, setCartCookie } from '../../modules/cart/cart-cookie.ts';
import { buildCartView, toMiniCart } from '../../modules/cart/cart-view.ts';
import { CouponNotApplicable } from '../../modules/cart/errors.ts';
import { applyCoupon, dynamicCoupons, listCouponRules, removeCoupon, toCouponView } from '../../modules/cart/coupons.ts';
import { addFreebie, freebieProducts, ineligibleFreebies, removeFreebie } from '../../modules/cart/freebies.ts';
import { recommendedProducts } from '../../modules/cart/recommended.ts';
import { deleteSavedForLater, listSavedForLater, moveSavedToCart, saveForLater } from '../../modules/cart/save-for-later.ts';
import { addToWishlist, listWishlist, moveCartLineToWishlist, moveWishlistToCart, removeFromWishlist } from '../../modules/cart/wishlist.ts';

// Every /api/cart call of SPEC §7 and the two freebie calls (/api/freebie, docs/architecture.md "API conventions").

export async function cartRoutes(root: FastifyInstance, { db }: { db: Db }) {
  const app = root.withTypeProvider<ZodRequestTypes>();
  /** The one customer check (blocked customers refused), answering with this route's sign-in prompt. */
  const requireCustomer = async (req: FastifyRequest, message: string): Promise<number> => (await requireSignedIn(db, req, message)).id;

  /** The request's cart (no creation); the cookie follows the cart a signed-in customer ends up with. */
  const currentCart = async (req: FastifyRequest, reply: FastifyReply) => {
    const owner = await cartOwner(req);
    const cart = await findCart(db, owner);
    if (cart) setCartCookie(req, reply, cart.id);
    return { owner, cart };
  };
  const requireCart = async (req: FastifyRequest, reply: FastifyReply) => {
    const found = await currentCart(req, reply);
    if (!found.cart) throw new NotFound('Your cart is empty.');
    return { owner: found.owner, cart: found.cart };
  };
  const createCart = async (req: FastifyRequest, reply: FastifyReply) => {
    const owner = await cartOwner(req);
    const cart = await ensureCart(db, owner);
    setCartCookie(req, reply, cart.id);
    return { owner, cart };
  };

  app.post(
    '/api/cart/cart-list',
    { schema: { response: { 200: CartListResponse }, summary: 'The cart: lines, prices, coupon and free gifts', operationId: 'getCart' } },
    async (req, reply) => {
      const { owner, cart } = await currentCart(req, reply);
      return ok(await buildCartView(db, cart, owner.customerId));
    },
  );

  app.post(
    '/api/cart/mini-cart',
    { schema: { response: { 200: MiniCartResponse }, summary: "The header's cart summary", operationId: 'getMiniCart' } },
    async (req, reply) => {
      const { owner, cart } = await currentCart(req, reply);
      return ok(toMiniCart(await buildCartView(db, cart, owner.customerId)));
    },
  );

  app.post(
    '/api/cart/add-to-cart',
    {
      schema: {
        response: { 200: CartIdResponse },
        summary: 'Add a variant to the cart, creating the cart if needed',
        operationId: 'addToCart',
        body: AddToCartRequest,
      },
    },
    async (req, reply) => {
      const body = req.body;
      const { cart } = await createCart(req, reply);
      await addToCart(db, cart.id, body.variant_id, body.quantity);
      return ok({ cart_id: cart.id }, 'Added to cart');
    },
  );

  app.post(
    '/api/cart/update-cart',
    {
      schema: {
        response: { 200: CartIdResponse },
        summary: "Change a cart line's quantity",
        operationId: 'updateCartLine',
        body: UpdateCartRequest,
      },
    },
    async (req, reply) => {
      const body = req.body;
      const { cart } = await requireCart(req, reply);
      await setQuantity(db, cart.id, body.variant_id, body.quantity);
      return ok({ cart_id: cart.id }, 'Cart updated');
    },
  );

  app.post(
    '/api/cart/delete-cart',
    {
      config: { access: 'optional' },
      schema: {
        response: { 200: CartIdResponse },
        summary: 'Remove a cart line, or move it to the wishlist when signed in',
        operationId: 'removeCartLine',
        body: DeleteCartRequest,
      },
    },
    async (req, reply) => {
      const body = req.body;
      const { cart } = await currentCart(req, reply);
      if (!cart) return ok({ cart_id: null }, 'Removed from cart');
      if (body.move_to_wishlist) {
        const customerId = await requireCustomer(req, 'Please sign in to move products to your wishlist.');
        await moveCartLineToWishlist(db, cart.id, customerId, body.variant_id, undefined);
        return ok({ cart_id: cart.id }, 'Moved to your wishlist');
      }
      await removeFromCart(db, cart.id, body.variant_id);
      return ok({ cart_id: cart.id }, 'Removed from cart');
    },
  );

  // SPEC §4: after sign-in the app persists the cart; only this browser's guest cart (its cookie) joins the
  // customer's. A cart id in the body is accepted only when it names that same cart: knowing another
  // shopper's cart id must not pull their cart into this account.
  app.post(
    '/api/cart/persist-cart',
    {
      schema: {
        response: { 200: CartIdResponse },
        summary: "After sign-in, join this browser's guest cart to the customer's",
        operationId: 'persistCart',
        body: PersistCartRequest,
      },
    },
    async (req, reply) => {
      const body = req.body;
      const owner = await cartOwner(req);
      const guestCartId =
        owner.cookieCartId && (!body.cart_id || body.cart_id.toLowerCase() === owner.cookieCartId) ? owner.cookieCartId : null;
      if (owner.customerId !== null && guestCartId) {
        const cartId = await mergeGuestCart(db, guestCartId, owner.customerId);
        setCartCookie(req, reply, cartId);
        return ok({ cart_id: cartId }, 'Cart saved');
      }
      const { cart } = await currentCart(req, reply);
      return ok({ cart_id: cart?.id ?? null }, 'Cart saved');
    },
  );

  app.get(
    '/api/cart/wish-list',
    {
      schema: { response: { 200: WishlistResponse }, summary: "The customer's wishlist", operationId: 'listWishlist' },
      config: { access: 'customer', signIn: 'Please sign in to see your wishlist.' },
    },
    async (req) => {
      const customerId = signedInCustomer(req);
      return ok(await listWishlist(db, customerId));
    },
  );

  app.post(
    '/api/cart/add-wish-list',
    {
      config: { access: 'customer', signIn: 'Please sign in to add products to your wishlist.' },
      schema: {
        response: { 200: ProductIdResponse },
        summary: 'Add a product to the wishlist, or move it there from the cart',
        operationId: 'addToWishlist',
        body: AddWishlistRequest,
      },
    },
    async (req, reply) => {
      const body = req.body;
      const customerId = signedInCustomer(req);
      if (body.source === 'cart') {
        const { cart } = await currentCart(req, reply);
        if (cart) {
          await moveCartLineToWishlist(db, cart.id, customerId, body.id, body.evt_d);
          return ok({ id: body.id }, 'Moved to your wishlist');
        }
      }
      await addToWishlist(db, customerId, body.id, body.evt_d);
      return ok({ id: body.id }, 'Added to your wishlist');
    },
  );

  app.post(
    '/api/cart/delete-wish-list',
    {
      config: { access: 'customer', signIn: 'Please sign in to change your wishlist.' },
      schema: {
        response: { 200: ProductIdResponse },
        summary: 'Remove a product from the wishlist',
        operationId: 'removeFromWishlist',
        body: DeleteWishlistRequest,
      },
    },
    async (req) => {
      const body = req.body;
      const customerId = signedInCustomer(req);
      await removeFromWishlist(db, customerId, body.id);
      return ok({ id: body.id }, 'Removed from your wishlist');
    },
  );

  app.get(
    '/api/cart/save-for-later',
    {
      schema: {
        response: { 200: SavedForLaterResponse },
        summary: "The customer's saved-for-later items",
        operationId: 'listSavedForLater',
      },
      config: { access: 'customer', signIn: 'Please sign in to see your saved items.' },
    },
    async (req) => {
      const customerId = signedInCustomer(req);
      return ok(await listSavedForLater(db, customerId));
    },
  );

  app.post(
    '/api/cart/add-save-for-later',
    {
      config: { access: 'customer', signIn: 'Please sign in to save products for later.' },
      schema: {
        response: { 200: ProductIdResponse },
        summary: 'Move a cart line to saved for later',
        operationId: 'saveForLater',
        body: AddSaveForLaterRequest,
      },
    },
    async (req, reply) => {
      const body = req.body;
      const customerId = signedInCustomer(req);
      const { cart } = await currentCart(req, reply);
      await saveForLater(db, cart?.id ?? null, customerId, body.id);
      return ok({ id: body.id, cart_id: cart?.id ?? null }, 'Saved for later');
    },
  );

  app.post(
    '/api/cart/delete-save-for-later',
    {
      config: { access: 'customer', signIn: 'Please sign in to change your saved items.' },
      schema: {
        response: { 200: ProductIdResponse },
        summary: 'Remove an item from saved for later',
        operationId: 'removeSavedForLater',
        body: DeleteSaveForLaterRequest,
      },
    },
    async (req) => {
      const body = req.body;
      const customerId = signedInCustomer(req);
      await deleteSavedForLater(db, customerId, body.id);
      return ok({ id: body.id }, 'Removed from saved for later');
    },
  );

  app.post(
    '/api/cart/move-to-cart',
    {
      config: { access: 'customer', signIn: 'Please sign in to move products to your cart.' },
      schema: {
        response: { 200: CartIdResponse },
        summary: 'Move an item from the wishlist or saved for later to the cart',
        operationId: 'moveToCart',
        body: MoveToCartRequest,
      },
    },
    async (req, reply) => {
      const body = req.body;
      const customerId = signedInCustomer(req);
      const { cart } = await createCart(req, reply);
      if (body.source === 'SFL') await moveSavedToCart(db, cart.id, customerId, body.id);
      else await moveWishlistToCart(db, cart.id, customerId, body.id);
      return ok({ cart_id: cart.id, source: body.source }, 'Moved to cart');
    },
  );

  app.get(
    '/api/cart/coupon-list',
    { schema: { response: { 200: CouponListResponse }, summary: 'Coupons a shopper may apply', operationId: 'listCoupons' } },
    async () => {
      return ok((await listCouponRules(db)).map(toCouponView));
    },
  );

  app.post(
    '/api/cart/dynamic-coupon-list',
    {
      schema: {
        response: { 200: DynamicCouponListResponse },
        summary: 'Coupons with whether each applies to this cart',
        operationId: 'listCartCoupons',
      },
    },
    async (req, reply) => {
      const { owner, cart } = await currentCart(req, reply);
      return ok(await dynamicCoupons(db, cart, owner.customerId));
    },
  );

  app.post(
    '/api/cart/apply-coupon',
    {
      schema: {
        response: { 200: AppliedCouponResponse },
        summary: 'Apply a coupon code to the cart',
        operationId: 'applyCoupon',
        body: ApplyCouponRequest,
      },
    },
    async (req, reply) => {
      const body = req.body;
      const { owner, cart } = await currentCart(req, reply);
      if (!cart) throw new CouponNotApplicable('Your cart is empty. Add products to apply a coupon.');
      const discount = await applyCoupon(db, cart.id, owner.customerId, body.coupon_code);
      return ok(
        { cart_id: cart.id, coupon_code: body.coupon_code, coupon_discount: discount },
        `Coupon ${body.coupon_code} applied. You save ${formatPaise(discount)}.`,
      );
    },
  );

  app.post(
    '/api/cart/remove-coupon',
    { schema: { response: { 200: CartIdResponse }, summary: "Remove the cart's coupon", operationId: 'removeCoupon' } },
    async (req, reply) => {
      const { cart } = await currentCart(req, reply);
      if (cart) await removeCoupon(db, cart.id);
      return ok({ cart_id: cart?.id ?? null }, 'Coupon removed');
    },
  );

  // Listed for the cart; checked against a payment instrument when one is named (amount after coupon).
  app.get(
    '/api/cart/bank-offer',
    {
      schema: {
        response: { 200: CartBankOfferResponse },
        summary: "Bank offers for the cart's amount, checked against a payment instrument",
        operationId: 'listCartBankOffers',
        querystring: BankOfferQuery,
      },
    },
    async (req, reply) => {
      const query = req.query;
      const { owner, cart } = await currentCart(req, reply);
      const view = await buildCartView(db, cart, owner.customerId);
      const amount = priceMetaValue(view.price_meta, 'subtotal') - priceMetaValue(view.price_meta, 'coupon_discount');
      const now = new Date();
      const payment = query.instrument ? { instrument: query.instrument, card_bin: query.card_bin, bank: query.bank } : null;
      return ok({ amount, ...bankOfferViews(await loadBankOffers(db, now), payment, amount, now) });
    },
  );

  app.get(
    '/api/cart/recommended-product-list',
    {
      schema: {
        response: { 200: RecommendedProductsResponse },
        summary: 'Products recommended for the cart',
        operationId: 'listCartRecommendations',
        querystring: RecommendedQuery,
      },
    },
    async (req, reply) => {
      const query = req.query;
      const { cart } = await currentCart(req, reply);
      return ok(await recommendedProducts(db, cart?.id ?? null, query.limit));
    },
  );

  app.post(
    '/api/cart/remove-freebee',
    {
      schema: {
        response: { 200: CartIdResponse },
        summary: 'Remove a free gift from the cart',
        operationId: 'removeFreebie',
        body: RemoveFreebieRequest,
      },
    },
    async (req, reply) => {
      const body = req.body;
      const { cart } = await currentCart(req, reply);
      if (cart) await removeFreebie(db, cart.id, body);
      return ok({ cart_id: cart?.id ?? null }, 'Free gift removed');
    },
  );

  app.post(
    '/api/cart/ineligible-freebie-list',
    {
      schema: {
        response: { 200: FreebieProductsResponse },
        summary: 'Free gifts the cart does not yet qualify for',
        operationId: 'listIneligibleFreebies',
      },
    },
    async (req, reply) => {
      const { cart } = await currentCart(req, reply);
      return ok(await ineligibleFreebies(db, cart));
    },
  );

  app.post(
    '/api/freebie/freebie-products',
    {
      schema: {
        response: { 200: FreebieProductsResponse },
        summary: 'Free gifts the cart may choose from',
        operationId: 'listFreebieProducts',
      },
    },
    async (req, reply) => {
      const { cart } = await currentCart(req, reply);
      return ok(await freebieProducts(db, cart));
    },
  );

  // SPEC §4: answers status and cart_id; the app stores it as the cart_id cookie (the server sets it too).
  app.post(
    '/api/freebie/add-freebie-to-cart',
    {
      schema: {
        response: { 200: CartIdResponse },
        summary: 'Add a free gift to the cart',
        operationId: 'addFreebieToCart',
        body: AddFreebieRequest,
      },
    },
    async (req, reply) => {
      const body = req.body;
      const { cart } = await createCart(req, reply);
      await addFreebie(db, cart.id, body);
      return ok({ cart_id: cart.id }, 'Free gift added to your cart');
    },
  );
}
