// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AddToCartButton } from '../features/cart/index.ts';
import { HeaderSearch } from '../features/catalogue/index.ts';
import { FormNotice } from '../ui/FormNotice.tsx';
import { ToastProvider } from '../ui/Toast.tsx';
import { leaveTapsToTheBrowserUntilHydrated } from './start.tsx';

// docs/decisions/017: what a page does before the app has hydrated it is the browser's own: links, and forms with
// an action and named fields; a tap during hydration never reaches React's handlers.

const at = (path: string, element: React.ReactNode) =>
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '*', element: <ToastProvider>{element}</ToastProvider> }], { initialEntries: [path] })}
    />,
  );

describe('forms the browser can send by itself', () => {
  test('the header search is a GET form to the search page, its box named q', () => {
    const { container } = at('/', <HeaderSearch />);
    const form = container.querySelector('form[role="search"]');
    expect(form?.getAttribute('action')).toBe('/search');
    expect(form?.getAttribute('method')).toBe('get');
    expect(screen.getByRole('combobox').getAttribute('name')).toBe('q');
  });

  test('add to cart and Buy now post the variant, the quantity and the page to come back to', () => {
    const { container } = at(
      '/product/x/?pId=1&vId=2',
      <>
        <AddToCartButton variantId={2} quantity={3} />
        <AddToCartButton variantId={2} buyNow />
      </>,
    );
    const forms = [...container.querySelectorAll('form')];
    expect(forms.map((f) => [f.getAttribute('method'), f.getAttribute('action')])).toEqual([
      ['post', '/cart/add'],
      ['post', '/cart/add'],
    ]);
    const fields = (f: HTMLFormElement) => Object.fromEntries(new FormData(f) as unknown as Iterable<[string, string]>);
    expect(fields(forms[0] as HTMLFormElement)).toEqual({ variant_id: '2', quantity: '3', return_to: '/product/x/?pId=1&vId=2' });
    expect(fields(forms[1] as HTMLFormElement)).toMatchObject({ variant_id: '2', next: 'cart' });
    expect(screen.getByRole('button', { name: 'Buy now' }).getAttribute('type')).toBe('submit');
  });

  test("the server's answer is shown from its code; an unknown code shows nothing", () => {
    const { unmount } = at('/cart?notice=out-of-stock', <FormNotice />);
    expect(screen.getByRole('alert').textContent).toBe('Sorry, not enough units of this product are in stock.');
    unmount();
    const { container } = at('/cart?notice=<b>free</b>', <FormNotice />);
    expect(container.textContent).toBe('');
  });
});

describe('taps during hydration', () => {
  function page() {
    document.body.innerHTML =
      '<div id="root"><a href="/cart" id="link">Cart</a><form><button type="submit" id="go">Go</button></form><p id="text">x</p></div>';
    delete document.documentElement.dataset.hydrated;
    const reached: string[] = [];
    // React listens on the root: what reaches it is what React's handlers would see.
    document.getElementById('root')?.addEventListener('click', (e) => reached.push((e.target as Element).id));
    document.getElementById('root')?.addEventListener('pointerdown', (e) => reached.push(`down:${(e.target as Element).id}`));
    return reached;
  }

  test('until the app has hydrated, taps on links and submit buttons stay the browser’s, and nothing else is touched', () => {
    const reached = page();
    leaveTapsToTheBrowserUntilHydrated(window);
    const link = document.getElementById('link') as HTMLElement;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    link.dispatchEvent(click);
    document.getElementById('go')?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    document.getElementById('text')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(reached).toEqual(['text']);
    // Never cancelled: the browser still follows the link.
    expect(click.defaultPrevented).toBe(false);

    document.documentElement.dataset.hydrated = 'true';
    link.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(reached).toEqual(['text', 'down:link', 'link']);
  });
});
