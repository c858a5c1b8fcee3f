import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  AddToCartForm,
  FORM_ACTIONS,
  type FormNoticeCode,
  RemoveFromCartForm,
  ReturnTo,
  UpdateCartForm,
  withNotice,
} from '../../../schemas/storefront-forms.ts';
import type { Db } from '../../db/database.ts';
import { AppError, BadRequest, DomainError, NotFound } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';
import { addToCart, buildCartView, cartOwner, ensureCart, findCart, removeFromCart, setCartCookie, setQuantity } from '../../modules/cart/index.ts';

// HTTP only: each form is parsed with its zod schema and answered with a 303 (POST-redirect-GET), never a page of
// its own and never a 500: a refusal goes back to the page with the notice of its rule. The cross-site check of
// every state-changing request (server/http/security.ts) runs before these handlers, as for the API.

const FORM_BODY_LIMIT = 8 * 1024;

/** What a refused form tells the shopper, by the rule that refused it. */
function noticeFor(error: unknown): FormNoticeCode {
  if (error instanceof DomainError) {
    if (error.rule === 'out-of-stock') return 'out-of-stock';
    if (error.rule === 'quantity-limit') return 'quantity-limit';
    if (error.rule === 'cart-rule') return 'cart-full';
  }
  if (error instanceof NotFound) return 'unavailable';
  if (error instanceof BadRequest) return 'invalid';
  return 'failed';
}

export async function storefrontFormRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // HTML forms post url-encoded bodies; this parser is scoped to this module's routes (Fastify encapsulation).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_req, body, done) => {
    const fields: Record<string, string> = {};
    // A repeated field keeps its first value, as the schema expects one.
    for (const [key, value] of new URLSearchParams(body as string)) if (!(key in fields)) fields[key] = value;
    done(null, fields);
  });

  /**
   * Runs a form: parses it, runs `act`, and answers 303 to where `act` says (or back to the page with the
   * refusal's notice). A failure that is not a rule's refusal is logged and still answered with a notice.
   * The form is parsed here, not by Fastify (docs/decisions/025): a bad field is a notice on the page, never a 400.
   */
  const handle =
    <S extends z.ZodType>(schema: S, act: (form: z.infer<S>, req: FastifyRequest, reply: FastifyReply) => Promise<string>) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
      const back = ReturnTo.parse(body.return_to ?? '/cart');
      let to: string;
      try {
        to = await act(parse(schema, body), req, reply);
      } catch (error) {
        if (!(error instanceof AppError)) req.log.error({ err: error }, 'storefront form failed');
        to = withNotice(back, noticeFor(error));
      }
      return reply.header('cache-control', 'no-store').redirect(to, 303);
    };

  const routeOptions = { schema: { hide: true } };

  app.post(
    FORM_ACTIONS.addToCart,
    routeOptions,
    handle(AddToCartForm, async (form, req, reply) => {
      const cart = await ensureCart(db, await cartOwner(req));
      setCartCookie(req, reply, cart.id);
      await addToCart(db, cart.id, form.variant_id, form.quantity);
      return form.next === 'cart' ? '/cart' : withNotice(form.return_to, 'added');
    }),
  );

  app.post(
    FORM_ACTIONS.updateCart,
    routeOptions,
    handle(UpdateCartForm, async (form, req) => {
      const cart = await findCart(db, await cartOwner(req));
      if (!cart) throw new NotFound('Your cart is empty.');
      await setQuantity(db, cart.id, form.variant_id, form.quantity);
      return withNotice(form.return_to, 'updated');
    }),
  );

  app.post(
    FORM_ACTIONS.removeFromCart,
    routeOptions,
    handle(RemoveFromCartForm, async (form, req) => {
      const owner = await cartOwner(req);
      const cart = await findCart(db, owner);
      if (cart) await removeFromCart(db, cart.id, form.variant_id);
      // SPEC §2 cart layout: an empty cart has its own page (the cart page's script sends a hydrated shopper there).
      const left = cart ? (await buildCartView(db, cart, owner.customerId)).cart_data.length : 0;
      if (left === 0) return owner.customerId ? '/loggedin-empty-cart' : '/logout-empty-cart';
      return withNotice(form.return_to, 'removed');
    }),
  );
}
