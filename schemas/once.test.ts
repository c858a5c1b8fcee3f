import { once } from './once.ts';

test('a value is made on first use only, then kept (undefined and null included)', () => {
  let made = 0;
  const value = once(() => {
    made++;
    return made === 1 ? undefined : 'second';
  });
  expect(made).toBe(0);
  expect(value()).toBeUndefined();
  expect(value()).toBeUndefined();
  expect(made).toBe(1);
});
