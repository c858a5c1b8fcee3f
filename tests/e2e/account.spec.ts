import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from './fixtures.ts';

// Sign-in and account in Chromium, end to end against the built app: OTPs are read from the development
// outbox (GET /api/dev/outbox), Google is the development identity provider the app serves.

// OTP sends are limited per client IP; this file's sends count against an address of its own (the app trusts the
// proxy header, as it does behind a load balancer), so other specs sharing the server are not affected.
test.use({ extraHTTPHeaders: { 'x-forwarded-for': `10.55.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } });

let seq = 0;
function identity() {
  seq++;
  const stamp = `${Date.now() % 1_000_000_0}`.padStart(7, '0');
  return {
    email: `e2e.${stamp}.${seq}@kasrat.test`,
    mobile: `7${stamp}${String(seq).padStart(2, '0')}`.slice(0, 10),
    name: 'Asha Rao',
    password: 'Secret@123',
  };
}

/** Waits for a message newer than `after` to reach `to`, and returns its OTP. */
async function otpFor(request: APIRequestContext, to: string, after = 0): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const data = (await res.json()).data as Array<{ otp: string | null }>;
    if (data.length > after && data[0].otp) return data[0].otp;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no OTP reached ${to}`);
}
const outboxCount = async (request: APIRequestContext, to: string) =>
  ((await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()).data as unknown[]).length;

/** Registers through the API (same cookies as the page), leaving the page's browser signed in. */
async function registerViaApi(page: Page, who = identity()) {
  await page.request.post('/api/auth/otp', { data: { type: 'register', email_or_mobile: who.mobile, c_code: '+91' } });
  const otp = await otpFor(page.request, who.mobile);
  const res = await page.request.post('/api/auth/register', {
    data: {
      email: who.email,
      mobile: who.mobile,
      c_code: '+91',
      password: who.password,
      otp,
      opt_in: true,
      first_name: who.name,
      is_encrypted: false,
    },
  });
  expect(res.ok()).toBeTruthy();
  return who;
}

const signedInUser = async (page: Page) => (await (await page.request.get('/api/ping')).json()).data;

async function logout(page: Page) {
  // Opened by its address, /logout asks first (a link from another site must not sign the shopper out).
  await page.goto('/logout');
  await page.getByRole('button', { name: 'Logout', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'You have been logged out' })).toBeVisible();
  expect(await signedInUser(page)).toBeNull();
}

async function startLogin(page: Page, identifier: string) {
  await page.goto('/my-account');
  await page.getByLabel('Email or mobile number').fill(identifier);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

test('register with the OTP from the outbox, log out, log in with password, with OTP, and reset the password', async ({ page }) => {
  const who = identity();
  // Register (the identifier is an email, so the register step asks for the mobile).
  await startLogin(page, who.email.toUpperCase());
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Mobile number').fill(who.mobile);
  // SPEC §4.8: the offers box starts unticked; ticking it is the consent.
  await expect(page.getByRole('checkbox', { name: /Send me offers/ })).not.toBeChecked();
  await page.getByRole('checkbox', { name: /Send me offers/ }).check();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('OTP has been sent to your mobile number to complete your registration')).toBeVisible();
  await page.getByLabel('Enter OTP sent to your mobile').fill(await otpFor(page.request, who.mobile));
  await page.getByLabel('Full name').fill(who.name);
  await page.getByLabel('Create password').fill(who.password);
  // Every password leaves the browser encrypted.
  const registerCall = page.waitForRequest((r) => r.url().endsWith('/api/auth/register'));
  await page.getByRole('button', { name: 'Register' }).click();
  const sent = (await registerCall).postDataJSON();
  expect(sent.is_encrypted).toBe(true);
  expect(sent).toMatchObject({ opt_in: true, opt_in_text_version: 'marketing-v1' });
  expect(sent.password).not.toContain(who.password);
  await expect(page).toHaveURL(/\/$/);
  expect(await signedInUser(page)).toMatchObject({ customer_email: who.email, customer_mobile: who.mobile, customer_name: who.name });

  await logout(page);

  // Password sign-in with the mobile number; a wrong password first shows the SPEC wording.
  await startLogin(page, who.mobile);
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Wrong@999');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Password is incorrect' })).toHaveText(
    'Password is incorrect, use forgot password to reset it or login with OTP instead.',
  );
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await signedInUser(page)).customer_mobile).toBe(who.mobile);

  await logout(page);

  // OTP sign-in with the mobile: registration proved the mobile, and codes go only to a verified detail.
  await startLogin(page, who.mobile);
  const before = await outboxCount(page.request, who.mobile);
  await page.getByRole('button', { name: 'Login with OTP' }).click();
  await expect(page.getByText('OTP has been sent to your mobile number')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();
  await page.getByLabel('Enter OTP').fill(await otpFor(page.request, who.mobile, before));
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await signedInUser(page)).customer_email).toBe(who.email);

  await logout(page);

  // Forgot password: OTP, verified notice, new password, signed in; the new password works afterwards.
  await startLogin(page, who.mobile);
  const beforeReset = await outboxCount(page.request, who.mobile);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Enter OTP').fill(await otpFor(page.request, who.mobile, beforeReset));
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('OTP verified successfully. Please create a new password.')).toBeVisible();
  await page.getByLabel('New password').fill('Fresh@456');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/$/);
  await logout(page);
  await startLogin(page, who.email);
  await page.getByLabel('Password', { exact: true }).fill('Fresh@456');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('Google sign-in through the development identity provider: a new account registers, then signs straight in', async ({ page }) => {
  const who = identity();
  const googleEmail = `g.${who.email}`;
  await page.goto('/my-account');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in as…' })).toBeVisible();
  await page.getByLabel('Email').fill(googleEmail);
  await page.getByLabel('Name').fill('Meera Iyer');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // Back on /my-account, unknown to the store: REGISTER with the Google email locked and the name filled in.
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  const email = page.getByRole('textbox', { name: 'Email' });
  await expect(email).toHaveValue(googleEmail);
  await expect(email).toBeDisabled();
  await page.getByLabel('Mobile number').fill(who.mobile);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByLabel('Enter OTP sent to your mobile').fill(await otpFor(page.request, who.mobile));
  await expect(page.getByLabel('Full name')).toHaveValue('Meera Iyer');
  await expect(page.getByLabel('Create password')).toHaveCount(0);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await signedInUser(page)).toMatchObject({ customer_email: googleEmail, customer_mobile: who.mobile });

  await logout(page);
  await page.goto('/my-account');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByLabel('Email').fill(googleEmail);
  await page.getByLabel('Name').fill('Meera Iyer');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await signedInUser(page)).customer_email).toBe(googleEmail);
});

test('change the mobile number with an OTP on the profile page', async ({ page }) => {
  const who = await registerViaApi(page);
  const next = identity().mobile;
  await page.goto('/account/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await page.getByRole('button', { name: 'Change mobile' }).click();
  await page.getByLabel('New mobile number').fill(who.mobile);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText('This is already your mobile number.')).toBeVisible();
  await page.getByLabel('New mobile number').fill(next);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByLabel('Enter OTP').fill('12');
  await page.getByRole('button', { name: 'Verify and update' }).click();
  await expect(page.getByText('OTP should be minimum 4 characters long.')).toBeVisible();
  await page.getByLabel('Enter OTP').fill(await otpFor(page.request, next));
  await page.getByRole('button', { name: 'Verify and update' }).click();
  await expect(page.getByText(`+91 ${next}`)).toBeVisible();
  expect((await signedInUser(page)).customer_mobile).toBe(next);
  // SPEC §4: the remembered mobile follows the change.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('kasrat.user') ?? '{}').mobile)).toBe(next);
});

test('add, edit and delete an address, with the pincode lookup filling city and state', async ({ page }) => {
  await registerViaApi(page);
  await page.goto('/account/addresses');
  await expect(page.getByText('You have no saved addresses yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add new address' }).click();
  await page.getByLabel('Full name').fill('Asha Rao');
  await page.getByLabel('Mobile number').fill('9123456780');
  await page.getByLabel('Pincode').fill('400001');
  await expect(page.getByLabel('City')).toHaveValue('Mumbai');
  await expect(page.getByLabel('State')).toHaveValue('Maharashtra');
  // SPEC §5: characters outside the address pattern never reach the field.
  await page.getByLabel(/^Address/).fill('Flat 4B, Sunrise Apartments @ MG Road');
  await expect(page.getByLabel(/^Address/)).toHaveValue('Flat 4B, Sunrise Apartments  MG Road');
  await page.getByLabel('Landmark (optional)').fill('Near City Mall');
  await page.getByRole('radio', { name: 'Office' }).check();
  await page.getByRole('button', { name: 'Save address' }).click();
  const card = page.getByTestId('address-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Office');
  await expect(card).toContainText('Default');
  await expect(card).toContainText('Mumbai, Maharashtra – 400001');

  await card.getByRole('button', { name: /^Edit/ }).click();
  await page.getByLabel('Pincode').fill('560001');
  await expect(page.getByLabel('City')).toHaveValue('Bengaluru');
  await page.getByRole('radio', { name: 'Home' }).check();
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(card).toContainText('Bengaluru, Karnataka – 560001');
  await expect(card).toContainText('Home');

  await card.getByRole('button', { name: /^Delete/ }).click();
  await page.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(page.getByTestId('address-card')).toHaveCount(0);
});

test('delete the account with an OTP, then sign in again and cancel the deletion', async ({ page }) => {
  const who = await registerViaApi(page);
  await page.goto('/account/profile');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await page.getByLabel('Why are you leaving? (optional)').fill('Trying another store');
  const before = await outboxCount(page.request, who.mobile);
  await page.getByRole('button', { name: 'Send OTP to confirm' }).click();
  await page.getByLabel('Enter OTP').fill(await otpFor(page.request, who.mobile, before));
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await signedInUser(page)).toBeNull();

  // Signing in within the grace period goes to the cancel page.
  await startLogin(page, who.mobile);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/cancel-delete-account$/);
  await expect(page.getByText(/scheduled for deletion on \d{2}-\d{2}-\d{4}/)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel deletion and keep my account' }).click();
  await expect(page.getByText('Your account deletion request has been cancelled')).toBeVisible();
  const status = await (await page.request.get('/api/myAccount/customer-status-for-deletion')).json();
  expect(status.data.deletion_requested).toBe(false);
});

test('a blocked customer has Continue disabled', async ({ page }) => {
  // Seeded fixtures have no blocked customer: the page answers the exists call as the server does for one.
  await page.route('**/api/auth/exists', (route) =>
    route.fulfill({
      json: {
        status: 1,
        message: 'Customer exists',
        data: {
          mobile_exists: true,
          email_exists: true,
          is_customer_blocked: true,
          verified: false,
          user: null,
          deletion_requested_at: null,
          google: null,
        },
      },
    }),
  );
  await startLogin(page, '9000000011');
  await expect(page.getByText('Your account has been blocked. Please contact customer support.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeDisabled();
});

test('the login steps and account pages pass axe (WCAG 2.1 A/AA)', async ({ page }) => {
  const axe = async (what: string) => {
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(result.violations.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
  };
  const who = identity();
  await startLogin(page, 'demo@kasrat.test');
  await expect(page.getByRole('heading', { name: 'Enter your password' })).toBeVisible();
  await axe('login password step');
  await page.getByRole('button', { name: 'Login with OTP' }).click();
  await expect(page.getByLabel('Enter OTP')).toBeVisible();
  await axe('login OTP step');
  await startLogin(page, who.email);
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await axe('register step');
  await registerViaApi(page, who);
  for (const path of ['/account/', '/account/profile', '/account/addresses']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).last()).toBeVisible();
    await axe(path);
  }
  await page.getByRole('button', { name: 'Add new address' }).click();
  await axe('address form');
});
