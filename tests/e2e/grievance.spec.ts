import AxeBuilder from '@axe-core/playwright';
import { generate } from 'otplib';
import { E2E_OPS_TOKEN } from '../../playwright.config.ts';
import { expect, type Page, signIn, test } from './fixtures.ts';

// Grievance redressal (docs/grievance-redressal.md) in Chromium against the built app: the grievance officer in the
// footer and the help centre; a shopper files a complaint from an order's page and sees its ticket; support finds it
// in the console with its deadline and answers it; the shopper reads the answer. Help-centre search by whole words.

test.use({ extraHTTPHeaders: { 'x-forwarded-for': `10.78.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } });

const TOKEN = { authorization: `Bearer ${E2E_OPS_TOKEN}` };

async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('the footer and the help centre name the grievance officer; "cod" finds pay on delivery', async ({ page }) => {
  const officerCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/help-center/grievance-officer')) officerCalls.push(r.url());
  });
  await page.goto('/');
  const footer = page.getByTestId('footer-grievance');
  await expect(footer.getByRole('heading', { name: 'Grievance officer' })).toBeVisible();
  await expect(footer).toContainText('Meera Iyer, Grievance Officer');
  await expect(footer.getByRole('link', { name: 'grievance@kasrat.test' })).toHaveAttribute('href', 'mailto:grievance@kasrat.test');
  await expect(footer.getByRole('link', { name: '+91 11 4000 1299' })).toHaveAttribute('href', 'tel:+911140001299');
  await expect(footer).toContainText('12 Nehru Place, New Delhi');
  // In the server's HTML, which the browser hydrates without asking for the officer again.
  const html = await (await page.request.get('/about')).text();
  expect(html).toContain('Meera Iyer');
  await page.waitForLoadState('networkidle');
  expect(officerCalls).toEqual([]);

  await page.goto('/help-center');
  const section = page.locator('section', { has: page.getByRole('heading', { name: 'Grievance redressal', level: 2 }) });
  const officer = section.getByTestId('grievance-officer');
  await expect(officer).toContainText('Meera Iyer, Grievance Officer');
  await expect(officer).toContainText('within 48 hours and resolve it within one month');
  await expect(officer.getByRole('link', { name: 'grievance@kasrat.test' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/grievance-help-centre.png', fullPage: true });

  await page.getByLabel('Search the help centre').fill('cod');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const list = page.getByTestId('faq-list');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText('Which payment methods do you accept?')).toBeVisible();
  await expect(list.getByText('When will I get my refund?')).toBeVisible();
  await expect(list.getByText(/scratch code/)).toHaveCount(0);

  await section.getByRole('link', { name: 'File a complaint' }).click();
  await expect(page).toHaveURL(/\/help-center\/grievance$/);
  await expect(page.getByRole('heading', { name: 'Grievance Redressal', level: 1 })).toBeVisible();
  await expect(page.getByTestId('grievance-sign-in')).toBeVisible();
  await expectAccessible(page);
});

test('a complaint from the order page gets its ticket; support sees it with its deadline and answers it', async ({
  page,
  browser,
  request,
}) => {
  // Two people on a shared machine: the shopper and support, axe on three pages.
  test.setTimeout(180_000);
  await signIn(page);
  const listed = (await (await page.request.post('/api/order/order-listing', { data: { page: 1, page_size: 50 } })).json()).data
    .orders as Array<{ order_id: string }>;
  const orderId = listed[0]?.order_id as string;
  expect(orderId, 'an order of the demo customer').toBeTruthy();

  await page.goto(`/account/order/order-details/${orderId}`);
  await page.getByRole('link', { name: 'Get help with this order' }).click();
  await expect(page).toHaveURL(new RegExp(`/help-center/grievance\\?order=${orderId}$`));
  await expect(page.getByLabel('Order (optional)')).toHaveValue(orderId);
  // Too short: the form says so and sends nothing.
  await page.getByLabel('What is it about?').selectOption({ label: 'Delivery or missing items' });
  await page.getByLabel('Describe your complaint').fill('Box torn.');
  await page.getByRole('button', { name: 'File complaint' }).click();
  await expect(page.getByText('Please describe your complaint in at least 20 characters')).toBeVisible();
  await page.getByLabel('Describe your complaint').fill('The box arrived torn and one tub of whey is missing from the order.');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'File complaint' }).click();
  const filed = page.getByTestId('grievance-filed');
  await expect(filed).toContainText(/Your complaint is registered\. Your ticket number is KSG-[0-9A-F]{8}\./);
  await expect(filed).toContainText(/We acknowledge it by .+ and resolve it by .+\./);
  const ticket = /KSG-[0-9A-F]{8}/.exec((await filed.textContent()) ?? '')?.[0] as string;
  const mine = page.getByTestId('grievance-list').getByRole('listitem').filter({ hasText: ticket });
  await expect(mine).toContainText('Received');
  await expect(mine).toContainText(`Delivery or missing items, order ${orderId}`);
  await page.screenshot({ path: '/tmp/grievance-filed.png', fullPage: true });

  // Support, in the console.
  const email = `support-grievance-${Date.now()}@staff.kasrat.test`;
  const made = await request.post('/api/ops/staff', { headers: TOKEN, data: { email, role: 'support', password: 'E2e-console-pass' } });
  expect(made.status()).toBe(200);
  const staff = await (await browser.newContext()).newPage();
  await staff.goto('/ops');
  await staff.getByLabel('Email').fill(email);
  await staff.getByLabel('Password').fill('E2e-console-pass');
  await staff.getByLabel('Code from your authenticator app').fill(await generate({ secret: (await made.json()).data.secret as string }));
  await staff.getByRole('button', { name: 'Sign in' }).click();
  await staff.getByRole('link', { name: 'Complaints' }).click();
  await expect(staff).toHaveURL(/\/ops\/complaints$/);
  const row = staff.getByRole('row').filter({ hasText: ticket });
  await expect(row).toContainText('Open');
  await expect(row).toContainText(`Delivery or missing items, order ${orderId}`);
  // The 48-hour clock, unmet and not overdue yet; the month after it.
  await expect(row.getByRole('cell').nth(4)).toContainText(/^By \d/);
  await expect(row.getByRole('cell').nth(5)).toContainText(/^By \d/);
  await expect(row.getByText('Overdue')).toHaveCount(0);
  await expectAccessible(staff);
  await row.getByRole('button', { name: `Acknowledge complaint ${ticket}` }).click();
  await expect(staff.getByText(`Complaint ${ticket} is acknowledged.`)).toBeVisible();
  await expect(row).toContainText('Acknowledged');
  await expect(row.getByRole('cell').nth(4)).toContainText(/^Done \d/);
  await row.getByRole('button', { name: `Answer complaint ${ticket}` }).click();
  await row.getByLabel(/Answer to .+ \(KSG-/).fill('We are sending the missing tub today, and a courier collects the torn box.');
  await staff.screenshot({ path: '/tmp/grievance-console.png', fullPage: true });
  await row.getByRole('button', { name: 'Send answer and resolve' }).click();
  await expect(staff.getByText(`Complaint ${ticket} is answered and resolved; the shopper is sent the answer.`)).toBeVisible();
  // Resolved complaints leave the list of those still to do.
  await expect(staff.getByRole('row').filter({ hasText: ticket })).toHaveCount(0);

  // The shopper reads the answer.
  await page.reload();
  const answered = page.getByTestId('grievance-list').getByRole('listitem').filter({ hasText: ticket });
  await expect(answered).toContainText('Resolved');
  await expect(answered).toContainText('We are sending the missing tub today, and a courier collects the torn box.');
  await expectAccessible(page);
});
