// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { OWNER_PROOF_REQUIRED } from '../../../../schemas/constants.ts';
import { accountApi } from '../../account/api.ts';
import { ordersApi } from '../api.ts';
import { BankAccountForm } from './BankAccountForm.tsx';

// The refund bank account inside the return form asks for the owner's proof as the account page does (README
// "Security": the password or a fresh code): the server refuses the save until the owner is confirmed, the form
// asks for it in a dialog, then saves again — and the return form around it is never submitted by the dialog.

vi.mock('../api.ts', async (original) => {
  const m = await original<typeof import('../api.ts')>();
  return { ...m, ordersApi: { ...m.ordersApi, saveBank: vi.fn(), ifsc: vi.fn() } };
});
vi.mock('../../account/api.ts', async (original) => {
  const m = await original<typeof import('../../account/api.ts')>();
  return { ...m, accountApi: { ...m.accountApi, profile: vi.fn(), confirmOwner: vi.fn(), ownerOtp: vi.fn() } };
});

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
    vi.mocked(ordersApi.ifsc).mockResolvedValue({ status: 1, message: '', data: { ifsc: 'HDFC0000001', bank: 'HDFC Bank', branch: 'Fort', city: 'Mumbai' } } as never);
    vi.mocked(accountApi.profile).mockResolvedValue({ status: 1, message: '', data: { has_password: true } } as never);
    vi.mocked(accountApi.confirmOwner).mockResolvedValue({ status: 1, message: 'Confirmed.', data: {} } as never);
    vi.mocked(ordersApi.saveBank)
      .mockReset()
      .mockRejectedValueOnce(Object.assign(new Error(OWNER_PROOF_REQUIRED), { status: 403 }))
      .mockResolvedValue({ status: 1, message: 'Saved', data: ACCOUNT } as never);
  });
  afterEach(() => vi.clearAllMocks());

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
    expect(accountApi.confirmOwner).toHaveBeenCalledWith({ password: 'Secret@123' });
    expect(ordersApi.saveBank).toHaveBeenCalledTimes(2);
    expect(vi.mocked(ordersApi.saveBank).mock.calls[1]?.[0]).toMatchObject({ account_number: '123456789012', ifsc: 'HDFC0000001' });
    expect(outerSubmit).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('a customer without a password confirms with a code sent to them', async () => {
    vi.mocked(accountApi.profile).mockResolvedValue({ status: 1, message: '', data: { has_password: false } } as never);
    vi.mocked(accountApi.ownerOtp).mockResolvedValue({ status: 1, message: 'Sent', data: { sent_to: 'a***@kasrat.test' } } as never);
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
    expect(accountApi.confirmOwner).toHaveBeenCalledWith({ otp: '123456' });
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
    expect(ordersApi.saveBank).toHaveBeenCalledTimes(1);
  });
});
