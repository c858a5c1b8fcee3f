import type { FastifyReply, FastifyRequest } from 'fastify';
import { CART_COOKIE, CART_COOKIE_DAYS, CartIdSchema } from '../../../schemas/cart.ts';
import type { Db } from '../../db/database.ts';
import { secureCookies } from '../../http/security.ts';
import { type CartOwner, mergeGuestCart } from './service.ts';

// The cart_id cookie (SPEC §3/§9: 365 days). Not httpOnly: SPEC §4 has the app store and read the cart_id
// that add-to-cart and add-freebie-to-cart return. A customer's cart is only reachable with their session, and
// a guest cart joins an account only from this browser's own cookie (persist-cart).

/** The cookie's cart id when well formed, else null (a forged value never reaches a query). */
export function readCartCookie(req: FastifyRequest): string | null {
  const raw = req.cookies[CART_COOKIE];
  return raw && CartIdSchema.safeParse(raw).success ? raw.toLowerCase() : null;
}

export function setCartCookie(req: FastifyRequest, reply: FastifyReply, cartId: string): void {
  if (req.cookies[CART_COOKIE] === cartId) return;
  reply.setCookie(CART_COOKIE, cartId, {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    secure: secureCookies(req),
    maxAge: CART_COOKIE_DAYS * 86_400,
  });
}

export async function cartOwner(req: FastifyRequest): Promise<CartOwner> {
  const session = await req.getSession();
  return { customerId: session?.customerId ?? null, cookieCartId: readCartCookie(req) };
}

/**
 * For sign-in: merges the request's guest cart (cart_id cookie) into the customer's cart and points the cookie
 * at the customer's cart. Call it right after startSession(). Returns the customer's cart id, or null when the
 * request carried no guest cart.
 */
export async function mergeGuestCartAtSignIn(db: Db, req: FastifyRequest, reply: FastifyReply, customerId: number): Promise<string | null> {
  const guestCartId = readCartCookie(req);
  if (!guestCartId) return null;
  const cartId = await mergeGuestCart(db, guestCartId, customerId);
  setCartCookie(req, reply, cartId);
  return cartId;
}
