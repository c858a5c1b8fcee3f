import fc from 'fast-check';
import { allocateDiscount, computeRefund, linePaid, type RefundableLine, refundForUnits, roomLeft, trimRefund } from './refund-rules.ts';

// Property tests of the money-back rules: never more than paid, and the parts always add up.

const lineArb = fc
  .record({
    quantity: fc.integer({ min: 1, max: 12 }),
    sale_price: fc.integer({ min: 0, max: 2_000_000 }),
    is_freebie: fc.boolean(),
    shareFraction: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(
    ({ quantity, sale_price, is_freebie, shareFraction }, i = 0): RefundableLine => ({
      order_item_id: i + 1,
      quantity,
      sale_price,
      is_freebie,
      discount_share: is_freebie ? 0 : Math.floor(sale_price * quantity * shareFraction),
    }),
  );

/** A split of `quantity` units into refund steps (each at least 1 unit). */
const stepsOf = (quantity: number) =>
  fc.array(fc.integer({ min: 1, max: quantity }), { minLength: 1, maxLength: quantity }).map((raw) => {
    const steps: number[] = [];
    let left = quantity;
    for (const r of raw) {
      if (left === 0) break;
      const s = Math.min(r, left);
      steps.push(s);
      left -= s;
    }
    if (left > 0) steps.push(left);
    return steps;
  });

test('refunding every unit of a line, in any steps, gives back exactly what the line was paid', () => {
  fc.assert(
    fc.property(
      lineArb.chain((line) => fc.tuple(fc.constant(line), stepsOf(line.quantity))),
      ([line, steps]) => {
        let done = 0;
        let sum = 0;
        for (const units of steps) {
          const amount = refundForUnits(line, done, units);
          expect(amount).toBeGreaterThanOrEqual(0);
          expect(amount).toBeLessThanOrEqual(line.sale_price * units);
          sum += amount;
          done += units;
        }
        expect(sum).toBe(linePaid(line));
      },
    ),
  );
});

test('a free gift refunds 0 and a line never refunds more than its sale price minus its discount share', () => {
  fc.assert(
    fc.property(lineArb, fc.integer({ min: 0, max: 12 }), (line, k) => {
      const units = Math.min(k, line.quantity);
      const amount = refundForUnits(line, 0, units);
      if (line.is_freebie) expect(amount).toBe(0);
      expect(amount).toBeLessThanOrEqual(Math.max(0, line.sale_price * line.quantity - line.discount_share));
    }),
  );
});

test('refunding more units than the line has left is refused', () => {
  const line: RefundableLine = { order_item_id: 1, quantity: 3, sale_price: 1000, discount_share: 0, is_freebie: false };
  expect(() => refundForUnits(line, 2, 2)).toThrow(RangeError);
});

const orderArb = fc
  .record({
    lines: fc.array(lineArb, { minLength: 1, maxLength: 5 }),
    shipping: fc.integer({ min: 0, max: 10_000 }),
    discount: fc.integer({ min: 0, max: 5_000_000 }),
  })
  .map(({ lines, shipping, discount }) => {
    const numbered = lines.map((l, i) => ({ ...l, order_item_id: i + 1 }));
    const shares = allocateDiscount(numbered, discount);
    const withShares = numbered.map((l, i) => ({ ...l, discount_share: shares[i] }));
    const paid = withShares.reduce((s, l) => s + linePaid(l), 0) + shipping;
    return { lines: withShares, shipping, discount, paid };
  });

test('discount shares add up to the discount (capped at the paying value), freebies get none', () => {
  fc.assert(
    fc.property(orderArb, ({ lines, discount }) => {
      const value = lines.reduce((s, l) => s + (l.is_freebie ? 0 : l.sale_price * l.quantity), 0);
      expect(lines.reduce((s, l) => s + l.discount_share, 0)).toBe(Math.min(discount, value));
      for (const l of lines) {
        if (l.is_freebie) expect(l.discount_share).toBe(0);
        expect(l.discount_share).toBeLessThanOrEqual(l.is_freebie ? 0 : l.sale_price * l.quantity);
      }
    }),
  );
});

test('any sequence of partial cancels and returns refunds at most what the order was paid; cancelling all of it refunds all of it', () => {
  fc.assert(
    fc.property(
      orderArb.chain((order) =>
        fc.tuple(
          fc.constant(order),
          fc.array(fc.record({ line: fc.nat(order.lines.length - 1), units: fc.integer({ min: 1, max: 12 }), ret: fc.boolean() }), {
            maxLength: 12,
          }),
        ),
      ),
      ([order, steps]) => {
        const done = order.lines.map(() => 0);
        let refunded = 0;
        const take = (reason: 'cancel' | 'return', picks: Array<{ line: number; units: number }>) => {
          const lines = picks.map(({ line, units }) => ({ line: order.lines[line], alreadyRefunded: done[line], units }));
          const after = done.map((d, i) => d + picks.filter((p) => p.line === i).reduce((s, p) => s + p.units, 0));
          const r = computeRefund({
            reason,
            lines,
            paid: true,
            shippingTotal: order.shipping,
            cancelsWholeShipment: reason === 'cancel' && after.every((d, i) => d === order.lines[i].quantity),
            orderPaid: order.paid,
            orderRefunded: refunded,
          });
          expect(r.total).toBe(r.items.reduce((s, i) => s + i.amount, 0) + r.shipping);
          for (const i of r.items) expect(i.amount).toBeGreaterThanOrEqual(0);
          picks.forEach((p) => {
            done[p.line] += p.units;
          });
          refunded += r.total;
          expect(refunded).toBeLessThanOrEqual(order.paid);
        };
        for (const s of steps) {
          const units = Math.min(s.units, order.lines[s.line].quantity - done[s.line]);
          if (units > 0) take(s.ret ? 'return' : 'cancel', [{ line: s.line, units }]);
        }
        const returnedAny = steps.some((s) => s.ret);
        const rest = order.lines.map((l, i) => ({ line: i, units: l.quantity - done[i] })).filter((p) => p.units > 0);
        if (rest.length) take('cancel', rest);
        // Every unit refunded: the items come back in full; shipping too unless a return kept it.
        const items = order.paid - order.shipping;
        if (returnedAny) expect(refunded).toBeGreaterThanOrEqual(items);
        else expect(refunded).toBe(order.paid);
      },
    ),
  );
});

test('a pay-on-delivery shipment cancelled before delivery refunds nothing', () => {
  const line: RefundableLine = { order_item_id: 1, quantity: 2, sale_price: 150_000, discount_share: 10_000, is_freebie: false };
  const r = computeRefund({
    reason: 'cancel',
    lines: [{ line, alreadyRefunded: 0, units: 2 }],
    paid: false,
    shippingTotal: 5_000,
    cancelsWholeShipment: true,
    orderPaid: 0,
    orderRefunded: 0,
  });
  expect(r).toEqual({ items: [{ order_item_id: 1, units: 2, amount: 0 }], shipping: 0, total: 0 });
});

test('a return keeps the shipping charge; a whole cancellation gives it back', () => {
  const line: RefundableLine = { order_item_id: 1, quantity: 1, sale_price: 99_900, discount_share: 9_990, is_freebie: false };
  const base = { lines: [{ line, alreadyRefunded: 0, units: 1 }], paid: true, shippingTotal: 5_000, orderPaid: 94_910, orderRefunded: 0 };
  expect(computeRefund({ ...base, reason: 'return', cancelsWholeShipment: false }).total).toBe(89_910);
  expect(computeRefund({ ...base, reason: 'cancel', cancelsWholeShipment: true }).total).toBe(94_910);
});

describe('trimming a refund (the one arithmetic of computeRefund and lessBenefitLost)', () => {
  const breakdown = (amounts: number[], shipping: number) => ({
    items: amounts.map((amount, n) => ({ order_item_id: n + 1, units: 1, amount })),
    shipping,
    total: amounts.reduce((a, b) => a + b, 0) + shipping,
  });

  test('shipping goes first, then the lines in order, each at most to zero', () => {
    const t = trimRefund(breakdown([3_000, 2_000], 500), 3_800);
    expect(t).toEqual({
      items: [
        { order_item_id: 1, units: 1, amount: 0 },
        { order_item_id: 2, units: 1, amount: 1_700 },
      ],
      shipping: 0,
      total: 1_700,
    });
  });

  test('a cut of zero or less changes nothing; a cut above the total leaves zero', () => {
    const b = breakdown([3_000], 500);
    expect(trimRefund(b, 0)).toBe(b);
    expect(trimRefund(b, -200)).toBe(b);
    expect(trimRefund(b, 10_000).total).toBe(0);
    expect(trimRefund(b, 10_000).shipping).toBe(0);
  });

  test('whatever the cut, the parts add up to the total and none is negative', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 500_000 }), { maxLength: 6 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: -1_000, max: 3_000_000 }),
        (amounts, shipping, cut) => {
          const b = breakdown(amounts, shipping);
          const t = trimRefund(b, cut);
          expect(t.items.reduce((n, i) => n + i.amount, 0) + t.shipping).toBe(t.total);
          expect(t.total).toBe(Math.max(0, b.total - Math.max(0, cut)));
          for (const i of t.items) expect(i.amount).toBeGreaterThanOrEqual(0);
          expect(t.shipping).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  test('room left: what was paid (never below zero) less what was refunded, never below zero', () => {
    expect(roomLeft(10_000, 2_500)).toBe(7_500);
    expect(roomLeft(10_000, 12_000)).toBe(0);
    expect(roomLeft(-500, 0)).toBe(0);
  });

  test('computeRefund trims to the room left when the stored order does not add up', () => {
    const line: RefundableLine = { order_item_id: 1, quantity: 2, sale_price: 50_000, discount_share: 0, is_freebie: false };
    const r = computeRefund({
      reason: 'cancel',
      lines: [{ line, alreadyRefunded: 0, units: 2 }],
      paid: true,
      shippingTotal: 4_000,
      cancelsWholeShipment: true,
      orderPaid: 104_000,
      orderRefunded: 30_000,
    });
    expect(r).toEqual({ items: [{ order_item_id: 1, units: 2, amount: 74_000 }], shipping: 0, total: 74_000 });
  });
});
