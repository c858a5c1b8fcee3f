import AxeBuilder from '@axe-core/playwright';
import { generate } from 'otplib';
import { E2E_OPS_TOKEN } from '../../playwright.config.ts';
import { answerCookieNotice, expect, type Page, test } from './fixtures.ts';

// The staff life cycle in the console (docs/decisions/019): the owner invites a member, who chooses a password and
// enrols their own authenticator; the owner changes the member's role and the member's console loses the area; the
// owner disables the member and their console closes. Each owner act takes a code no earlier act used.

const TOKEN = { authorization: `Bearer ${E2E_OPS_TOKEN}` };
const STEP_S = 30;

async function axeClean(page: Page, what: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations.map((v) => `${what}: ${v.id} (${v.nodes.length})`)).toEqual([]);
}

/**
 * Codes of one authenticator, each of a time step after the last one used (a code is taken once, RFC 6238, section 5.2).
 * The server accepts the step before and after its own; past that, this waits for the clock to come in reach.
 */
function authenticator(secret: string) {
  let last = 0;
  return async (): Promise<string> => {
    const now = () => Math.floor(Date.now() / 1000 / STEP_S);
    const step = Math.max(now() - 1, last + 1);
    while (step > now() + 1) await new Promise((resolve) => setTimeout(resolve, 1000));
    last = step;
    return generate({ secret, epoch: step * STEP_S });
  };
}

async function signIn(page: Page, email: string, password: string, code: string) {
  await page.goto('/ops');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel('Code from your authenticator app').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('the owner invites a member, changes their role and disables them; the member enrols and signs in', async ({ page, browser }) => {
  // Three owner acts need three time steps of the owner's authenticator.
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const ownerEmail = `e2e-owner-${stamp}@staff.kasrat.test`;
  const ownerPassword = 'Owner-e2e-pass-2026';
  const created = await page.request.post('/api/ops/staff', {
    headers: TOKEN,
    data: { email: ownerEmail, role: 'owner', password: ownerPassword },
  });
  expect(created.status()).toBe(200);
  const ownerCode = authenticator((await created.json()).data.secret as string);
  await signIn(page, ownerEmail, ownerPassword, await ownerCode());
  await page.getByRole('link', { name: 'Staff', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible();
  await axeClean(page, 'staff area');

  // Invite.
  const memberEmail = `e2e-member-${stamp}@staff.kasrat.test`;
  await page.getByLabel('Code from your authenticator app (asked for each change)').fill(await ownerCode());
  const invite = page.getByRole('form', { name: 'Invite a member of staff' });
  await invite.getByLabel('Email').fill(memberEmail);
  await invite.getByLabel('Role').selectOption('catalogue');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${memberEmail}.`)).toBeVisible();
  const mail = (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(memberEmail)}`)).json()).data as Array<{
    body: string;
  }>;
  const link = /https?:\/\/\S+\/ops\/join#[A-Za-z0-9_-]+/.exec(mail.map((m) => m.body).join('\n'))?.[0] as string;
  expect(link).toBeTruthy();

  // The member, in their own browser, enrols and signs in.
  const memberContext = await browser.newContext();
  await answerCookieNotice(memberContext);
  const member = await memberContext.newPage();
  await member.goto(new URL(link).pathname + new URL(link).hash);
  await expect(member.getByRole('heading', { name: 'Join the Kasrat console' })).toBeVisible();
  await axeClean(member, 'join page');
  const secret = (await member.locator('code').textContent()) as string;
  const memberCode = authenticator(secret);
  await member.getByLabel(/Choose a password/).fill('Member-e2e-pass-2026');
  await member.getByLabel('Code your authenticator app now shows').fill(await memberCode());
  await member.getByRole('button', { name: 'Finish' }).click();
  await expect(member.getByText('Your account is ready.')).toBeVisible();
  await signIn(member, memberEmail, 'Member-e2e-pass-2026', await memberCode());
  await expect(member.getByText('Role: catalogue')).toBeVisible();
  await expect(member.getByRole('link', { name: 'Reviews', exact: true })).toBeVisible();

  // The owner makes the member marketing: the member's console loses review moderation at its next move.
  await page.reload();
  await page.getByLabel('Code from your authenticator app (asked for each change)').fill(await ownerCode());
  await page.getByLabel(`Role of ${memberEmail}`).selectOption('marketing');
  await expect(page.getByText('Role changed.')).toBeVisible();
  await member.getByRole('link', { name: 'Your password' }).click();
  await expect(member.getByText('Role: marketing')).toBeVisible();
  await expect(member.getByRole('link', { name: 'Reviews', exact: true })).toHaveCount(0);
  await expect(member.getByRole('link', { name: 'Promotions', exact: true })).toBeVisible();

  // The owner disables the member: the member's next move finds the session ended.
  await page.getByLabel('Code from your authenticator app (asked for each change)').fill(await ownerCode());
  await page.getByRole('button', { name: `Disable ${memberEmail}` }).click();
  await expect(page.getByText('Account disabled: its sessions have ended.')).toBeVisible();
  await expect(page.getByRole('button', { name: `Enable ${memberEmail}` })).toBeVisible();
  await member.getByRole('link', { name: 'Promotions', exact: true }).click();
  await expect(member.getByRole('heading', { name: 'Kasrat operations' })).toBeVisible();
  await memberContext.close();
});
