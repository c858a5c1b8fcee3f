// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { CatalogueEvent } from '../../events/index.ts';
import { MESSAGES } from '../../schemas/validation.ts';
import { OnboardingView } from '../../src/features/account/index.ts';
import { ANSWERS, describePath, isServiceStep, onboardingPaths, servicesForPath, stepOf } from './onboarding-model.ts';
import { countdownPaths, delayOf, READY_AFTER } from './otp-countdown-model.ts';

// Model-based tests through the real login page: every shortest path of the onboarding machine (and of the OTP
// countdown) is replayed as clicks and typing on <OnboardingView>, whose services answer what the path says.
// The page must offer a control for every move, and show what each state means.

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  window.location.hash = '';
});
afterEach(() => {
  vi.useRealTimers();
});

const settle = async () => {
  await act(async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  });
};

function renderPage(services: ReturnType<typeof servicesForPath>['services']) {
  const reported: unknown[] = [];
  const onSignedIn = vi.fn();
  const view = render(
    <MemoryRouter>
      <OnboardingView
        services={services}
        onSignedIn={onSignedIn}
        report={(e) => {
          expect(CatalogueEvent.safeParse(e).success, JSON.stringify(e)).toBe(true);
          reported.push(e);
        }}
        readGoogleReturn={(hash) => {
          const p = new URLSearchParams(hash.slice(1));
          return p.get('id_token') ? { idToken: p.get('id_token')!, email: p.get('email')! } : null;
        }}
      />
    </MemoryRouter>,
  );
  const root = () => view.getByTestId('onboarding');
  return { view, root, reported, onSignedIn };
}

const field = (root: HTMLElement, name: string) => {
  const el = root.querySelector<HTMLInputElement>(`[name="${name}"]:not(:disabled)`);
  if (!el) throw new Error(`no enabled field "${name}" in ${root.dataset.state}`);
  return el;
};
const buttonNamed = (root: HTMLElement, name: RegExp) => within(root).getByRole('button', { name });

/** Does, on the page, what one model event means. */
async function perform(root: HTMLElement, event: { type: string; value?: string; idToken?: string; email?: string }) {
  switch (event.type) {
    case 'EDIT_IDENTIFIER':
      fireEvent.change(field(root, 'identifier'), { target: { value: event.value } });
      break;
    case 'EDIT_EMAIL':
      fireEvent.change(field(root, 'email'), { target: { value: event.value } });
      break;
    case 'EDIT_PHONE':
      fireEvent.change(field(root, 'phone'), { target: { value: event.value } });
      break;
    case 'EDIT_PASSWORD':
      fireEvent.change(field(root, 'password'), { target: { value: event.value } });
      break;
    case 'EDIT_NEW_PASSWORD':
      fireEvent.change(field(root, 'newPassword'), { target: { value: event.value } });
      break;
    case 'EDIT_OTP':
      fireEvent.change(field(root, 'otp'), { target: { value: event.value } });
      break;
    case 'EDIT_NAME':
      fireEvent.change(field(root, 'fullName'), { target: { value: event.value } });
      break;
    case 'SUBMIT': {
      const submit = root.querySelector<HTMLButtonElement>('button[type="submit"]');
      if (!submit || submit.disabled) throw new Error(`no enabled submit button in ${root.dataset.state}`);
      fireEvent.click(submit);
      break;
    }
    case 'RESEND': {
      // Resend OTP is offered 15 s after the send (SPEC §4).
      const resend = buttonNamed(root, /Resend OTP/);
      expect(resend).toBeDisabled();
      await act(async () => {
        vi.advanceTimersByTime(15_000);
      });
      expect(resend).toBeEnabled();
      fireEvent.click(resend);
      break;
    }
    case 'CHANGE':
      fireEvent.click(within(root).getByRole('button', { name: /^Change$|Use email or mobile instead/ }));
      break;
    case 'USE_OTP':
      fireEvent.click(buttonNamed(root, /Login with OTP/));
      break;
    case 'USE_PASSWORD':
      fireEvent.click(buttonNamed(root, /Login with password|Back to login/));
      break;
    case 'FORGOT':
      fireEvent.click(buttonNamed(root, /Forgot password/));
      break;
    case 'GOOGLE':
      fireEvent.click(buttonNamed(root, /Continue with Google/));
      break;
    case 'GOOGLE_TOKEN':
      window.location.hash = `#id_token=${event.idToken}&email=${event.email}`;
      window.dispatchEvent(new HashChangeEvent('hashchange'));
      break;
    default:
      throw new Error(`the page has no move for ${event.type}`);
  }
  await settle();
}

/** What each state must show. */
function expectStateShown(root: HTMLElement, value: unknown, context: { blocked: boolean; googleToken: string | null }) {
  const text = JSON.stringify(value);
  const submit = root.querySelector<HTMLButtonElement>('button[type="submit"]');
  const busy = /"(checking|submitting|sending|resending|verifying|validating|registering|saving)"/.test(text);
  if (busy && submit) expect(submit).toHaveAttribute('aria-busy', 'true');
  switch (stepOf(value)) {
    case 'MY_ACCOUNT':
      expect(root.querySelector('[name="identifier"]')).not.toBeNull();
      expect(buttonNamed(root, /Continue with Google/)).toBeInTheDocument();
      if (context.blocked) {
        expect(submit).toBeDisabled();
        expect(root).toHaveTextContent('Your account has been blocked');
      }
      break;
    case 'LOGIN':
      expect(root.querySelector('input[name="identifier"]:disabled')).not.toBeNull();
      expect(buttonNamed(root, /^Change$/)).toBeInTheDocument();
      expect(root.querySelector('[name="password"]')).not.toBeNull();
      expect(buttonNamed(root, /Show password/)).toBeInTheDocument();
      expect(buttonNamed(root, /Forgot password/)).toBeInTheDocument();
      expect(within(root).getByText('or')).toBeInTheDocument();
      break;
    case 'LOGIN_WITH_OTP':
    case 'FORGET_PASSWORD':
      if (/entering|verifying|resending/.test(text)) {
        expect(root.querySelector('[name="otp"]')).not.toBeNull();
        expect(buttonNamed(root, /Resend OTP/)).toBeInTheDocument();
      }
      if (/newPassword/.test(text)) expect(root.querySelector('[name="newPassword"]')).not.toBeNull();
      break;
    case 'REGISTER':
      if (/form/.test(text)) {
        expect(root.querySelector('[name="otp"]')).not.toBeNull();
        expect(root.querySelector('[name="fullName"]')).not.toBeNull();
        expect(root.querySelector('[name="password"]') !== null).toBe(context.googleToken === null);
      } else expect(root.querySelector('[name="email"], [name="phone"]')).not.toBeNull();
      break;
    case 'PROFILE_UPDATE':
      expect(root.querySelector('[name="phone"]')).not.toBeNull();
      if (/otp/.test(text)) expect(root.querySelector('[name="otp"]')).not.toBeNull();
      break;
    case 'LOGIN_WITH_GOOGLE':
      expect(root).toHaveTextContent(/Google/);
      break;
    case 'SIGNED_IN':
      expect(root).toHaveTextContent('You are signed in');
      break;
  }
}

describe('login page: every shortest path of the onboarding machine', () => {
  const paths = onboardingPaths();
  test.each(paths.map((p) => [describePath(p.steps) || '(start)', p] as const))('%s', async (_name, path) => {
    const { services, unanswered } = servicesForPath(path.steps);
    const { root, onSignedIn, view } = renderPage(services);
    for (const step of path.steps) {
      if ((step.event.type as string) === 'xstate.init' || isServiceStep(step.event.type)) continue;
      await perform(root(), step.event as never);
    }
    await settle();
    expect(JSON.parse(root().dataset.state ?? 'null')).toEqual(path.state.value);
    expect(unanswered()).toBe(0);
    expectStateShown(root(), path.state.value, path.state.context);
    expect(onSignedIn).toHaveBeenCalledTimes(path.state.value === 'SIGNED_IN' ? 1 : 0);
    view.unmount();
  });
});

describe('login page: every shortest path of the Resend OTP countdown', () => {
  // Reach an OTP step (login with OTP), then play the countdown path: the server's "Maximum attempts reached" is
  // a wrong OTP answered so; Resend is the button; the timers are the clock.
  const paths = countdownPaths();
  test.each(paths.map((p) => [p.steps.map((s) => s.event.type).join(' > '), p] as const))('%s', async (_name, path) => {
    const maxes = path.steps.filter((s) => s.event.type === 'MAX_ATTEMPTS').length;
    const resends = path.steps.filter((s) => s.event.type === 'RESEND').length;
    const steps = [
      { event: { type: 'xstate.done.actor.checkExists', output: ANSWERS.exists } },
      ...Array.from({ length: 1 + resends }, () => ({ event: { type: 'xstate.done.actor.sendOtp', output: ANSWERS.sent } })),
      ...Array.from({ length: maxes }, () => ({
        event: { type: 'xstate.error.actor.loginWithOtp', error: { message: MESSAGES.maxAttempts } },
      })),
    ];
    const { services } = servicesForPath(steps);
    const { root } = renderPage(services);
    await perform(root(), { type: 'EDIT_IDENTIFIER', value: '9123456789' });
    await perform(root(), { type: 'SUBMIT' });
    await perform(root(), { type: 'USE_OTP' });
    for (const { event } of path.steps) {
      if ((event.type as string) === 'xstate.init') continue;
      const delay = delayOf(event.type);
      if (delay !== null) {
        await act(async () => {
          vi.advanceTimersByTime(delay);
        });
      } else if (event.type === 'RESEND') {
        fireEvent.click(buttonNamed(root(), /Resend OTP/));
        await settle();
      } else {
        await perform(root(), { type: 'EDIT_OTP', value: '000000' });
        await perform(root(), { type: 'SUBMIT' });
      }
    }
    const resend = buttonNamed(root(), /Resend OTP/);
    const value = JSON.stringify(path.state.value);
    if (value === '"ready"') expect(resend).toBeEnabled();
    else expect(resend).toBeDisabled();
    if (value.includes('showing')) expect(root()).toHaveTextContent(MESSAGES.maxAttempts);
    if (value.includes('hidden')) expect(root()).toHaveTextContent('Resend OTP is not available');
    if (value.includes('counting')) expect(root()).toHaveTextContent(/Resend OTP in \d+s/);
    expect(READY_AFTER).toContain('15000');
  });
});

describe('login page: SPEC §5 input rules on the real fields', () => {
  test('the identifier is lowercased without spaces; a phone keeps 10 digits and offers the country code', async () => {
    const { root } = renderPage(servicesForPath([]).services);
    await perform(root(), { type: 'EDIT_IDENTIFIER', value: ' Asha @Kasrat.TEST' });
    expect(field(root(), 'identifier').value).toBe('asha@kasrat.test');
    expect(screen.queryByRole('combobox', { name: 'Country code' })).toBeNull();
    await perform(root(), { type: 'EDIT_IDENTIFIER', value: '98765 43210 77' });
    expect(field(root(), 'identifier').value).toBe('9876543210');
    expect(screen.getByRole('combobox', { name: 'Country code' })).toHaveValue('IN');
  });

  test('phone fields block the SPEC keys, accept only numeric pastes, and blur on the mouse wheel', async () => {
    const { services } = servicesForPath([{ event: { type: 'xstate.done.actor.checkExists', output: ANSWERS.stranger } }]);
    const { root } = renderPage(services);
    await perform(root(), { type: 'EDIT_IDENTIFIER', value: 'asha@kasrat.test' });
    await perform(root(), { type: 'SUBMIT' });
    const phone = field(root(), 'phone');
    for (const key of ['e', '.', '-', '+', ' ', 'ArrowUp', '#']) expect(fireEvent.keyDown(phone, { key }), key).toBe(false);
    expect(fireEvent.keyDown(phone, { key: '7' })).toBe(true);
    fireEvent.paste(phone, { clipboardData: { getData: () => '98765-43210' } });
    expect(phone.value).toBe('');
    fireEvent.paste(phone, { clipboardData: { getData: () => ' 98765 43210 ' } });
    await settle();
    expect(field(root(), 'phone').value).toBe('9876543210');
    phone.focus();
    fireEvent.wheel(phone);
    expect(document.activeElement).not.toBe(phone);
  });

  test('the eye toggle shows and hides the password', async () => {
    const { services } = servicesForPath([{ event: { type: 'xstate.done.actor.checkExists', output: ANSWERS.exists } }]);
    const { root } = renderPage(services);
    await perform(root(), { type: 'EDIT_IDENTIFIER', value: 'asha@kasrat.test' });
    await perform(root(), { type: 'SUBMIT' });
    expect(field(root(), 'password').type).toBe('password');
    fireEvent.click(buttonNamed(root(), /Show password/));
    expect(field(root(), 'password').type).toBe('text');
    fireEvent.click(buttonNamed(root(), /Hide password/));
    expect(field(root(), 'password').type).toBe('password');
  });

  test('the login error shows the server message and goes after 5 seconds', async () => {
    const { services } = servicesForPath([
      { event: { type: 'xstate.done.actor.checkExists', output: ANSWERS.exists } },
      { event: { type: 'xstate.error.actor.loginWithPassword', error: { message: MESSAGES.wrongPassword } } },
    ]);
    const { root } = renderPage(services);
    await perform(root(), { type: 'EDIT_IDENTIFIER', value: 'asha@kasrat.test' });
    await perform(root(), { type: 'SUBMIT' });
    await perform(root(), { type: 'EDIT_PASSWORD', value: 'wrong-one' });
    await perform(root(), { type: 'SUBMIT' });
    expect(within(root()).getByRole('alert')).toHaveTextContent(MESSAGES.wrongPassword);
    await act(async () => {
      vi.advanceTimersByTime(4999);
    });
    expect(root()).toHaveTextContent(MESSAGES.wrongPassword);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(root()).not.toHaveTextContent(MESSAGES.wrongPassword);
  });
});
