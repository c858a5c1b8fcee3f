import { answerCookieNotice, axeClean, expect, signIn, test } from './fixtures.ts';

// Help centre in Chromium: searchable FAQ, contact details, and the contact form (sign-in prompt when signed out,
// clear messages for bad input, attachments checked by content, a ticket acknowledged with its reference).
const ip = () => `10.78.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
test.use({ extraHTTPHeaders: { 'x-forwarded-for': ip() } });
// Axe and several round trips per test on a shared, loaded machine.
test.describe.configure({ timeout: 150_000 });

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'), Buffer.alloc(64)]);

test('help centre: the FAQ is searchable and filterable by topic; phone and email contacts are shown', async ({ page }) => {
  await page.goto('/help-center');
  await expect(page.getByRole('heading', { level: 1, name: 'Help Centre' })).toBeVisible();
  const list = page.getByTestId('faq-list');
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const main = page.locator('#main');
  await expect(main.getByRole('link', { name: 'Call +91-11-4000-1234' })).toHaveAttribute('href', 'tel:+911140001234');
  await expect(main.getByRole('link', { name: 'care@kasrat.test' })).toHaveAttribute('href', 'mailto:care@kasrat.test');
  await axeClean(page, 'help centre');

  await page.getByLabel('Search the help centre').fill('refund');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/q=refund/);
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await list.getByText('When will I get my refund?').click();
  await expect(list.getByText('Refunds are issued once the return is picked up')).toBeVisible();

  await page.getByLabel('Search the help centre').fill('');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: 'Authenticity', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Authenticity', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(list.getByRole('listitem')).toHaveCount(2);

  await page.getByLabel('Search the help centre').fill('zzzz nothing');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('faq-empty')).toContainText('No answers match “zzzz nothing”');
  await page.screenshot({ path: '/tmp/content-help-center.png', fullPage: true });

  const html = await (await page.request.get('/help-center')).text();
  expect(html).toContain('<title>Help Centre');
});

test('contact us: signed out, a sign-in prompt and no error message (SPEC §8 blanks the 401)', async ({ page }) => {
  await page.goto('/help-center/contact-us');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expect(page.getByTestId('contact-sign-in')).toContainText('Sign in to contact us');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(/\/help-center\/contact-us$/);
  await axeClean(page, 'help centre');
});

test('contact us: bad input gets clear messages, files are checked by content, a ticket is acknowledged', async ({ page }) => {
  await signIn(page);
  await page.goto('/help-center/contact-us');
  await expect(page.getByRole('heading', { level: 2, name: 'How should we reach you?' })).toBeVisible();
  await expect(page.getByLabel('Reason')).toBeEnabled();
  await axeClean(page, 'help centre');

  await page.getByLabel('How can we help?').fill('short');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Please choose a reason')).toBeVisible();
  await expect(page.getByText('Please describe your issue in at least 10 characters')).toBeVisible();
  await page.getByLabel('Reason').selectOption({ label: 'Order not delivered yet' });
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Please choose the order this is about')).toBeVisible();

  // A script renamed to .png is refused by its bytes; a real PNG is attached.
  const files = page.getByLabel(/Photos or documents/);
  await files.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('<script>alert(1)</script>') });
  await expect(page.getByText('This file type is not accepted. Please upload JPEG, PNG, WEBP, PDF files.')).toBeVisible();
  await files.setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('attached-files').getByRole('listitem')).toHaveCount(1);

  await page.getByLabel('Reason').selectOption({ label: 'Account and sign-in' });
  await page.getByLabel('Email for our reply').fill('demo@');
  await page.getByLabel('How can we help?').fill('I cannot change the email on my account <b>');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
  await expect(page.getByText("Please use only letters, digits, spaces and + % | & ' / : . ( ) , _ -")).toBeVisible();
  await page.getByLabel('Email for our reply').fill('demo@kasrat.test');
  await page.getByLabel('How can we help?').fill('I cannot change the email on my account, please help.');
  await page.screenshot({ path: '/tmp/content-contact-us.png', fullPage: true });
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('ticket-done')).toContainText(
    /Your request KSP-[0-9A-F]{8} is received; we have sent a copy to demo@kasrat.test/,
  );

  // The call-back form: its own reasons and the mobile rule.
  await page.reload();
  await page.getByRole('button', { name: 'Request a call back' }).click();
  await page.getByLabel('Reason').selectOption({ label: 'Payment deducted but order not placed' });
  await page.getByLabel('Mobile number to call').fill('98123');
  await page.getByLabel('How can we help?').fill('My money was deducted but no order was placed.');
  await page.getByRole('button', { name: 'Request a call back' }).last().click();
  await expect(page.getByText('Please enter a 10 digit mobile number')).toBeVisible();
  // SPEC §5 on every phone field: symbol keys are blocked and only digits are kept.
  await page.getByLabel('Mobile number to call').fill('');
  await page.getByLabel('Mobile number to call').pressSequentially('+98(12)34 5678#9');
  await expect(page.getByLabel('Mobile number to call')).toHaveValue('9812345678');
  // A paste is taken only when it is a number (whitespace removed): a dashed one is refused whole.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByLabel('Mobile number to call').fill('');
  await page.evaluate(() => navigator.clipboard.writeText('98-1234-5678'));
  await page.getByLabel('Mobile number to call').press('ControlOrMeta+V');
  await expect(page.getByLabel('Mobile number to call')).toHaveValue('');
  // The call back goes only to the account's own verified mobile (README "Security").
  await page.evaluate(() => navigator.clipboard.writeText(' 98765 43210 '));
  await page.getByLabel('Mobile number to call').press('ControlOrMeta+V');
  await expect(page.getByLabel('Mobile number to call')).toHaveValue('9876543210');
  await page.getByRole('button', { name: 'Request a call back' }).last().click();
  await expect(page.getByTestId('ticket-done')).toContainText('we will call you on 9876543210');
  const outbox = await (await page.request.get('/api/dev/outbox?to=9876543210')).json();
  expect(outbox.data[0].body).toMatch(/call-back request KSP-[0-9A-F]{8}/);
});

test('app-install banner: on a phone it links to the platform store, is dismissible and stays dismissed; never on desktop', async ({
  browser,
  page,
}) => {
  const links = (await (await page.request.get('/api/app/app-links')).json()).data;
  const phone = await browser.newContext({
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { 'x-forwarded-for': ip() },
  });
  // A shopper who has answered the cookie notice: its sheet would otherwise share the phone's bottom edge.
  await answerCookieNotice(phone);
  const mobile = await phone.newPage();
  await mobile.goto('/help-center');
  const banner = mobile.getByTestId('app-install-banner');
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute('href', links.android);
  await expect(banner.getByRole('link')).toHaveCount(1);
  await axeClean(mobile, 'help centre on a phone');
  await mobile.screenshot({ path: '/tmp/content-app-banner.png' });
  await banner.getByRole('button', { name: 'Dismiss the app banner' }).click();
  await expect(banner).toHaveCount(0);
  await mobile.reload();
  await expect(mobile.getByRole('heading', { level: 1, name: 'Help Centre' })).toBeVisible();
  await mobile.waitForLoadState('networkidle');
  await expect(banner).toHaveCount(0);
  await phone.close();

  await page.goto('/help-center');
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('app-install-banner')).toHaveCount(0);
});
