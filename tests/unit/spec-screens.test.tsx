// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { createActor } from 'xstate';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { onboardingActors, onboardingMachine } from '../../machines/onboarding/index.ts';
import { COUNTRY_CODES, DEFAULT_COUNTRY } from '../../schemas/account.ts';
import { swatchesFor } from '../../schemas/catalogue-rules.ts';
import { ROUTE_META } from '../../schemas/content.ts';
import { AuthenticateRequest } from '../../schemas/content-pages.ts';
import { AuthProvider } from '../../src/api/auth.tsx';
import { http } from '../../src/api/http.ts';
import { DashboardLayout } from '../../src/app/layouts/DashboardLayout.tsx';
import { MainLayout } from '../../src/app/layouts/MainLayout.tsx';
import { routeFactsIn } from '../../src/app/route-facts.ts';
import { routes } from '../../src/app/routes.tsx';
import MyAccountPage from '../../src/features/account/pages/MyAccount.tsx';
import AuthenticityPage from '../../src/features/content/pages/AuthenticityPage.tsx';
import ErrorPage from '../../src/features/content/pages/ErrorPage.tsx';
import { servicesForPath } from '../model/onboarding-model.ts';

// Rules of SPEC §2, §3 and §9 that were implemented without a test of their own: the sign-in page's title and
// layout, the server-error page, the country-code list, the Pack Size swatch, the authenticity form's defaults and
// the password field's limit. Each test reads the real page, table or schema, so it fails when the rule breaks.

let requests: Array<{ url: string; body: unknown }> = [];
const ok = (config: InternalAxiosRequestConfig, data: unknown) => ({ data, status: 200, statusText: '', headers: {}, config });
beforeEach(() => {
  requests = [];
  http.defaults.adapter = async (config) => {
    const url = config.url ?? '';
    requests.push({ url, body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data });
    if (url.startsWith('/api/ping')) return ok(config, { status: 1, message: '', data: null, cart_journey: 'browse' });
    if (url.startsWith('/api/auth/exists'))
      return ok(config, {
        status: 1,
        message: '',
        data: {
          mobile_exists: true,
          email_exists: true,
          is_customer_blocked: false,
          verified: false,
          user: null,
          deletion_requested_at: null,
          google: null,
        },
      });
    if (url.startsWith('/api/authenticity/brand-list')) return ok(config, { status: 1, message: '', data: [] });
    if (url.startsWith('/api/authenticator/authenticate'))
      return ok(config, { status: 1, message: '', data: { result: 'genuine', brand: null, product: null, checked_at: null } });
    return ok(config, { status: 1, message: '', data: null });
  };
});
afterEach(() => {
  http.defaults.adapter = undefined;
});

test('SPEC §2: /my-account is titled "Login / Register", in the head and on the page', async () => {
  const facts = routeFactsIn(routes, '/my-account');
  expect(facts.meta).toBe('signIn');
  expect(ROUTE_META.signIn.title).toBe('Login / Register | Kasrat');
  renderSignIn();
  expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^Login \/ Register$/);
});

function renderSignIn() {
  return render(
    <MemoryRouter initialEntries={['/my-account']}>
      <AuthProvider>
        <Routes>
          <Route element={<DashboardLayout />}>
            <Route path="/my-account" element={<MyAccountPage />} />
          </Route>
        </Routes>
      </AuthProvider>
    </MemoryRouter>,
  );
}

test('SPEC §2.4: the sign-in layout has the logo, the email-or-phone field, an "or" divider, Google and footer links', async () => {
  renderSignIn();
  await screen.findByTestId('onboarding');
  const logo = screen.getByRole('img', { name: 'Kasrat' });
  expect(logo.closest('a')).toHaveAttribute('href', '/');
  expect(screen.getByRole('textbox')).toBeInTheDocument();
  expect(screen.getByText('or', { exact: true })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /google/i })).toBeInTheDocument();
  const footer = screen.getByTestId('onboarding').querySelector('footer') as HTMLElement;
  const links = within(footer)
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);
  expect(links).toEqual([
    ['About us', '/about'],
    ['Help centre', '/help-center'],
    ['Contact us', '/help-center/contact-us'],
    ['Offers', '/offers-coupons'],
  ]);
});

test('SPEC §2.5: the server-error page has the logo (once, in the store header), a heading, a subheading and one call to action', async () => {
  // Status pages are shown inside the store layout, whose header carries the logo: the page adds no second one.
  render(
    <MemoryRouter initialEntries={['/error']}>
      <AuthProvider>
        <Routes>
          <Route element={<MainLayout />}>
            <Route path="/error" element={<ErrorPage />} />
          </Route>
        </Routes>
      </AuthProvider>
    </MemoryRouter>,
  );
  const heading = await screen.findByRole('heading', { level: 1 });
  const logos = screen.getAllByRole('img', { name: 'Kasrat' });
  expect(logos).toHaveLength(1);
  expect(logos[0]).toHaveAttribute('src', '/logo.svg');
  expect(logos[0].closest('header')).not.toBeNull();
  expect(heading.textContent?.length).toBeGreaterThan(0);
  // The subheading is the paragraph right after the heading.
  expect(heading.nextElementSibling?.tagName).toBe('P');
  expect(heading.nextElementSibling?.textContent?.length).toBeGreaterThan(0);
  const page = heading.parentElement as HTMLElement;
  const actions = page.querySelectorAll('a, button');
  expect(actions).toHaveLength(1);
  expect(actions[0]).toHaveAttribute('href', '/');
});

test('SPEC §3: the country codes start India +91, Afghanistan +93, Albania +355, Algeria +213, American Samoa +1, Andorra +376', () => {
  expect(COUNTRY_CODES.slice(0, 6).map((c) => [c.country_name, c.country_code])).toEqual([
    ['India', '+91'],
    ['Afghanistan', '+93'],
    ['Albania', '+355'],
    ['Algeria', '+213'],
    ['American Samoa', '+1'],
    ['Andorra', '+376'],
  ]);
  expect(DEFAULT_COUNTRY).toMatchObject({ country_code: '+91', iso: 'IN' });
});

test('SPEC §3: a product sold in packs gets a Pack Size swatch keyed pa_pack-size', () => {
  const variant = (vid: number, pack: string) => ({ vid, stock_status: 'instock', selected_swatch_values: { 'pa_pack-size': pack } });
  const variants = [variant(1, 'Pack of 2'), variant(2, 'Pack of 1')];
  const [group, ...others] = swatchesFor(variants, variants[0] as (typeof variants)[number]);
  expect(others).toEqual([]);
  expect(group).toMatchObject({ key: 'pa_pack-size', name: 'Pack Size' });
  expect(group?.options.map((o) => [o.value, o.variant_id, o.selected])).toEqual([
    ['Pack of 1', 2, false],
    ['Pack of 2', 1, true],
  ]);
});

test('SPEC §3: the authenticity form defaults to purchase_from 0 and other_store null, in the schema and as sent', async () => {
  expect(AuthenticateRequest.parse({ nac_code: 'ABC123', scratch_code: 'ABCD1234' })).toMatchObject({
    purchase_from: 0,
    other_store: null,
  });
  render(
    <MemoryRouter>
      <AuthenticityPage />
    </MemoryRouter>,
  );
  fireEvent.change(await screen.findByLabelText('NAC code'), { target: { value: 'ABC123' } });
  fireEvent.change(screen.getByLabelText('Scratch code'), { target: { value: 'ABCD1234' } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
  await waitFor(() => expect(requests.some((r) => r.url.startsWith('/api/authenticator/authenticate'))).toBe(true));
  const sent = requests.find((r) => r.url.startsWith('/api/authenticator/authenticate'))?.body;
  expect(sent).toMatchObject({ purchase_from: 0, other_store: null });
});

test('SPEC §9: the password field takes at most 50 characters, on the page and in the form state', async () => {
  renderSignIn();
  await screen.findByTestId('onboarding');
  // The LOGIN step's field (the machine below) is the shared PasswordField; the register step has its own.
  const moves = [
    { type: 'EDIT_IDENTIFIER', value: 'asha@kasrat.test' },
    { type: 'SUBMIT' },
    {
      type: 'xstate.done.actor.checkExists',
      output: { status: 1, message: '', data: { mobile_exists: true, email_exists: true, is_customer_blocked: false, verified: false } },
    },
    { type: 'EDIT_PASSWORD', value: 'p'.repeat(60) },
  ];
  const { services } = servicesForPath(moves.map((event) => ({ event })));
  const actor = createActor(
    onboardingMachine.provide({ actors: onboardingActors(services), actions: { report: () => {}, signedIn: () => {} } }),
    { input: {} },
  ).start();
  for (const event of moves) {
    if (!event.type.startsWith('xstate.')) actor.send(event as never);
    for (let i = 0; i < 10; i++) await Promise.resolve();
  }
  expect(actor.getSnapshot().context.password).toHaveLength(50);
  actor.stop();

  fireEvent.change(screen.getByRole('textbox'), { target: { value: 'asha@kasrat.test' } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  const password = await screen.findByLabelText(/password/i, { selector: 'input' });
  expect(password).toHaveAttribute('maxLength', '50');
});
