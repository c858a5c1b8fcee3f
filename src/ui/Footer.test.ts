import { footerYear } from './Footer.tsx';

describe('footer year (SPEC §9: India time, fallback 2024)', () => {
  test('a UTC evening on 31 December is already the next year in India', () => {
    expect(footerYear(new Date('2025-12-31T19:00:00Z'))).toBe(2026);
    expect(footerYear(new Date('2025-12-31T18:00:00Z'))).toBe(2025);
  });
  test('an invalid clock falls back to 2024', () => {
    expect(footerYear(new Date(Number.NaN))).toBe(2024);
  });
});
