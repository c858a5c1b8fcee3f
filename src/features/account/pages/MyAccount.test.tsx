// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AuthProvider } from '../../../api/auth.tsx';
import { http } from '../../../api/http.ts';
import { readRememberedUser } from '../remembered.ts';
import MyAccountPage from './MyAccount.tsx';

// SPEC §4 through the real /my-account page, its real services and the real client; only the network is a fake
// server: a password, OTP or Google sign-in of a customer with no mobile on file goes to the profile update, which
// asks for the mobile, checks it, sends a profile OTP to it, verifies it and reloads the session.

const ASHA = {
  customer_id: 7,
  customer_name: 'Asha Rao',
  customer_first_name: 'Asha',
  customer_email: 'asha@kasrat.test',
  customer_mobile: '9123456789',
  customer_c_code: '+91',
  is_complete_profile: true,
  last_order: null,
  cart_journey: 'browse',
};
const authAnswer = (status: 0 | 1, data: Record<string, unknown> = {}, message = 'ok') => ({
  status,
  message,
  data: {
    mobile_exists: false,
    email_exists: false,
    is_customer_blocked: false,
    verified: false,
    user: null,
    deletion_requested_at: null,
    google: null,
    ...data,
  },
});
const NO_MOBILE = authAnswer(1, { email_exists: true, mobile_exists: false, verified: true });
const SENT = { status: 1, message: 'OTP sent', data: { sent_to: '******6789', channel: 'sms', expires_in_s: 600 } };

let calls: { method: string; url: string; body: Record<string, unknown> }[] = [];
let signedIn = false;
let rsa: CryptoKeyPair;

/** The server: a customer with an email and no mobile; the profile OTP 4321 adds the mobile and signs in. */
async function server(config: InternalAxiosRequestConfig) {
  const url = config.url ?? '';
  const body = typeof config.data === 'string' ? JSON.parse(config.data) : (config.data ?? {});
  calls.push({ method: (config.method ?? 'get').toUpperCase(), url, body });
  const answer = (data: unknown, status = 200) => {
    const response = { data, status, statusText: '', headers: {}, config };
    if (status >= 400) throw new AxiosError('failed', 'ERR_BAD_REQUEST', config, null, response);
    return response;
  };
  const spki = async () => btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.exportKey('spki', rsa.publicKey))));
  switch (url.split('?')[0]) {
    case '/api/ping':
      return answer({ status: 1, message: '', data: signedIn ? ASHA : null, cart_journey: 'browse' });
    case '/api/auth/public-key':
      return answer({ status: 1, message: '', data: { spki: await spki() } });
    case '/api/auth/exists':
      // The identifier the page checks first is the email; the profile step checks the new mobile (nobody's).
      return answer(body.email_or_mobile === 'asha@kasrat.test' ? authAnswer(1, { email_exists: true }) : authAnswer(0));
    case '/api/auth/login':
    case '/api/auth/otp/login':
    case '/api/auth/login/google':
      return answer(NO_MOBILE);
    case '/api/auth/otp':
      return answer(SENT);
    case '/api/auth/otp/verify':
      if (body.otp !== '4321') return answer({ status: 0, message: 'Entered OTP is Incorrect', data: null }, 400);
      signedIn = true;
      return answer(authAnswer(1, { user: ASHA, mobile_exists: true, verified: true }));
    default:
      return answer({ status: 0, message: `no route ${url}`, data: null }, 404);
  }
}

beforeAll(async () => {
  // jsdom's ArrayBuffer belongs to another realm than Node's WebCrypto; copy the key bytes into a Node buffer.
  const importKey = crypto.subtle.importKey.bind(crypto.subtle);
  vi.spyOn(crypto.subtle, 'importKey').mockImplementation(((format: 'spki', data: ArrayBuffer, ...rest: never[]) =>
    importKey(format, Buffer.from(new Uint8Array(data)), ...(rest as [never, never, never]))) as never);
  rsa = await crypto.subtle.generateKey(
    { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['encrypt', 'decrypt'],
  );
});
beforeEach(() => {
  calls = [];
  signedIn = false;
  localStorage.clear();
  http.defaults.adapter = server;
});
afterEach(() => {
  vi.useRealTimers();
  http.defaults.adapter = undefined;
  window.location.hash = '';
});

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/my-account']}>
      <AuthProvider>
        <Routes>
          <Route path="/my-account" element={<MyAccountPage />} />
        </Routes>
      </AuthProvider>
    </MemoryRouter>,
  );
}

const input = (name: string) => {
  const el = document.querySelector<HTMLInputElement>(`[name="${name}"]:not(:disabled)`);
  if (!el) throw new Error(`no enabled field ${name}`);
  return el;
};
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const submit = () => fireEvent.click(document.querySelector<HTMLButtonElement>('button[type="submit"]:not(:disabled)')!);

async function startWithEmail() {
  renderPage();
  type('identifier', 'asha@kasrat.test');
  submit();
}

/** The profile update as a shopper does it, from the step that asks for the mobile to the reloaded session. */
async function completeProfile() {
  expect(await screen.findByRole('heading', { name: 'Add your mobile number' })).toBeInTheDocument();
  // SPEC §5: an empty profile mobile has its own message.
  submit();
  expect(await screen.findByText('Please enter mobile number.')).toBeInTheDocument();
  type('phone', '98765 43210');
  submit();
  // SPEC §4 OTP notices: the mobile wording for an OTP sent to a mobile.
  expect(await screen.findByText('OTP has been sent to your mobile number')).toBeInTheDocument();
  type('otp', '12');
  submit();
  expect(await screen.findByText('OTP should be minimum 4 characters long.')).toBeInTheDocument();
  type('otp', '4321');
  submit();
  expect(await screen.findByRole('heading', { name: 'You are signed in' })).toBeInTheDocument();
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });

  const paths = calls.map((c) => c.url.split('?')[0]);
  const checkMobile = calls.find((c) => c.url === '/api/auth/exists' && c.body.email_or_mobile === '9876543210');
  expect(checkMobile).toBeDefined();
  expect(calls.filter((c) => c.url === '/api/auth/otp').at(-1)?.body).toMatchObject({ type: 'profile', email_or_mobile: '9876543210' });
  expect(calls.filter((c) => c.url === '/api/auth/otp/verify').at(-1)?.body).toMatchObject({
    type: 'profile',
    email_or_mobile: '9876543210',
    otp: '4321',
  });
  // SPEC §4 "reload": the session is read again after the verified OTP, and the new user is remembered.
  expect(paths.lastIndexOf('/api/ping')).toBeGreaterThan(paths.lastIndexOf('/api/auth/otp/verify'));
  expect(readRememberedUser()).toMatchObject({ username: 'Asha Rao', mobile: '9123456789', email: 'asha@kasrat.test' });
}

describe('/my-account: a customer with no mobile on file (SPEC §4)', () => {
  test('password sign-in goes to the profile update, which adds the mobile by OTP and signs in', async () => {
    await startWithEmail();
    await screen.findByRole('heading', { name: 'Enter your password' });
    type('password', 'Secret@123');
    submit();
    await completeProfile();
    // SPEC §7: the password left the page encrypted.
    const login = calls.find((c) => c.url === '/api/auth/login');
    expect(login?.body).toMatchObject({ email_or_mobile: 'asha@kasrat.test', is_encrypted: true });
    expect(login?.body.customer_password).not.toBe('Secret@123');
  });

  test('OTP sign-in goes to the profile update, which adds the mobile by OTP and signs in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await startWithEmail();
    await screen.findByRole('heading', { name: 'Enter your password' });
    fireEvent.click(screen.getByRole('button', { name: /Login with OTP/ }));
    await screen.findByRole('heading', { name: 'Login with OTP' });
    // SPEC §4 OTP notices: the email wording for an OTP sent to an email address.
    expect(await screen.findByText('OTP has been sent to your email address')).toBeInTheDocument();
    // Resend OTP opens after 15 s (SPEC §4) and says the OTP was resent.
    const resend = screen.getByRole('button', { name: /Resend OTP/ });
    expect(resend).toBeDisabled();
    await act(async () => {
      vi.advanceTimersByTime(15_000);
    });
    fireEvent.click(resend);
    expect(await screen.findByText('OTP has been resent')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/auth/otp')).toHaveLength(2);
    vi.useRealTimers();
    type('otp', '123456');
    submit();
    await completeProfile();
    expect(calls.find((c) => c.url === '/api/auth/otp/login')?.body).toMatchObject({ email_or_mobile: 'asha@kasrat.test', otp: '123456' });
  });

  test('Google sign-in goes to the profile update, which adds the mobile by OTP and signs in', async () => {
    const claims = btoa(JSON.stringify({ email: 'asha@kasrat.test' })).replace(/=+$/, '');
    sessionStorage.setItem('kasrat.google.state', 'st4te');
    window.location.hash = `#id_token=h.${claims}.s&state=st4te`;
    renderPage();
    await completeProfile();
    expect(calls.find((c) => c.url === '/api/auth/login/google')?.body).toMatchObject({ email: 'asha@kasrat.test' });
  });
});
