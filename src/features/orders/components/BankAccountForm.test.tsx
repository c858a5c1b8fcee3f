// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { OWNER_PROOF_REQUIRED } from '../../../../schemas/constants.ts';
import { get, post } from '../../../api/client.ts';
import { BankAccountForm } from './BankAccountForm.tsx';

// The refund bank account inside the return form asks for the owner's proof as the account page does (README
// "Security": the password or a fresh code): the server refuses the save until the owner is confirmed, the form
// asks for it in a dialog, then saves again — and the return form around it is never submitted by it. The calls
// are answered at the HTTP client, so the account feature's own calls run as they do in the browser.

vi.mock('../../../api/client.ts', async (original) => {
  const m = await original<typeof import('../../../api/client.ts')>();
  return { ...m, get: vi.fn(), post: vi.fn() };
});

// The password is encrypted with the server's key before it leaves (SPEC §7); the cipher itself is not under test.
const SPKI = 'AAAA';
const answer = (data: unknown) => Promise.resolve({ status: 1, message: '', data });
let hasPassword = true;
let saves = 0;

const ACCOUNT = {
  bank_account_id: 7,
  account_holder: 'Asha Rao',
  account_number_masked: 'XXXXXX9012',
  ifsc: 'HDFC0000001',
  bank_name: 'HDFC Bank',
};

function openForm() {
  const onSaved = vi.fn();
  const outerSubmit = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
  render(
    <form onSubmit={outerSubmit} aria-label="Return items">
      <BankAccountForm onSaved={onSaved} />
    </form>,
  );
  return { onSaved, outerSubmit };
}

async function fillAndSave() {
  fireEvent.change(screen.getByLabelText('IFSC code'), { target: { value: 'HDFC0000001' } });
  await waitFor(() => expect(screen.getByTestId('ifsc-bank').textContent).toContain('HDFC Bank'));
  fireEvent.change(screen.getByLabelText('Account holder’s name'), { target: { value: 'Asha Rao' } });
  fireEvent.change(screen.getByLabelText('Account number'), { target: { value: '123456789012' } });
  fireEvent.change(screen.getByLabelText('Confirm account number'), { target: { value: '123456789012' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save bank account' }));
}

describe('refund bank account in the return form', () => {
  beforeEach(() => {
    vi.spyOn(globalThis.crypto.subtle, 'importKey').mockResolvedValue({} as CryptoKey);
    vi.spyOn(globalThis.crypto.subtle, 'encrypt').mockResolvedValue(new Uint8Array([1, 2, 3]).buffer);
    hasPassword = true;
    saves = 0;
    vi.mocked(get).mockImplementation(((url: string) => {
      if (url.startsWith('/api/order/fetch-ifsc-details'))
        return answer({ ifsc: 'HDFC0000001', bank: 'HDFC Bank', branch: 'Fort', city: 'Mumbai' });
      if (url === '/api/myAccount/get-profile-values') return answer({ has_password: hasPassword });
      if (url === '/api/auth/public-key') return answer({ spki: SPKI });
      return Promise.reject(new Error(`unexpected GET ${url}`));
    }) as typeof get);
    vi.mocked(post).mockImplementation(((url: string) => {
      // The first save is refused for want of the owner's proof, as the server answers it.
      if (url === '/api/order/update-bank-details')
        return saves++ === 0 ? Promise.reject(Object.assign(new Error(OWNER_PROOF_REQUIRED), { status: 403 })) : answer(ACCOUNT);
      if (url === '/api/myAccount/confirm-owner') return answer({});
      if (url === '/api/myAccount/generate-otp-for-owner') return answer({ sent_to: 'a***@kasrat.test' });
      return Promise.reject(new Error(`unexpected POST ${url}`));
    }) as typeof post);
  });
  afterEach(() => vi.restoreAllMocks());

  test('asks for the password when the server wants the owner, then saves; the return form is not submitted', async () => {
    const { onSaved, outerSubmit } = openForm();
    await fillAndSave();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    const password = await screen.findByLabelText('Your password');
    expect(dialog.textContent).toContain(OWNER_PROOF_REQUIRED);
    expect(onSaved).not.toHaveBeenCalled();
    fireEvent.change(password, { target: { value: 'Secret@123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(ACCOUNT));
    const calls = vi.mocked(post).mock.calls;
    const confirm = calls.find(([url]) => url === '/api/myAccount/confirm-owner')?.[1] as { password: string; is_encrypted: boolean };
    expect(confirm.is_encrypted).toBe(true);
    expect(confirm.password).toBe('AQID');
    const saved = calls.filter(([url]) => url === '/api/order/update-bank-details');
    expect(saved).toHaveLength(2);
    expect(saved[1]?.[1]).toMatchObject({ account_number: '123456789012', ifsc: 'HDFC0000001' });
    expect(outerSubmit).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('a customer without a password confirms with a code sent to them', async () => {
    hasPassword = false;
    const { onSaved, outerSubmit } = openForm();
    await fillAndSave();
    const send = await screen.findByRole('button', { name: 'Send me an OTP instead' });
    expect(screen.queryByLabelText('Your password')).toBeNull();
    fireEvent.click(send);
    await screen.findByText(/We have sent an OTP to a\*\*\*@kasrat\.test/);
    const otp = screen.getByRole('dialog').querySelector('input') as HTMLInputElement;
    fireEvent.change(otp, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(ACCOUNT));
    expect(post).toHaveBeenCalledWith('/api/myAccount/confirm-owner', { otp: '123456' });
    expect(outerSubmit).not.toHaveBeenCalled();
  });

  test('giving up leaves the account unsaved and says so', async () => {
    const { onSaved } = openForm();
    await fillAndSave();
    await screen.findByRole('dialog');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('alert').textContent).toMatch(/not saved/);
    expect(onSaved).not.toHaveBeenCalled();
    expect(saves).toBe(1);
  });
});
