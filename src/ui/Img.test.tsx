// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { DEFAULT_IMAGE, Img } from './Img.tsx';

// SPEC §8: an image that fails to load shows the default image; its srcset must go too, or the browser keeps
// choosing the broken candidates over the fallback.
test('an image that fails falls back to the default image, srcset and all', () => {
  render(
    <Img
      src="/images/product/1.webp"
      srcSet="/images/product/1.webp 1x, /images/product/1@2x.webp 2x"
      alt="Whey"
      width={400}
      height={400}
      eager
    />,
  );
  const img = screen.getByRole('img', { name: 'Whey' });
  expect(img).toHaveAttribute('srcset', '/images/product/1.webp 1x, /images/product/1@2x.webp 2x');
  expect(img).toHaveAttribute('fetchpriority', 'high');
  fireEvent.error(img);
  expect(img).toHaveAttribute('src', DEFAULT_IMAGE);
  expect(img).not.toHaveAttribute('srcset');
});
