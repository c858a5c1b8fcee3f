// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { normaliseError } from '../../../../api/client.ts';
import Customers from './Customers.tsx';

// A customer's console page shows a freeze by its owner ("this was not me"): its reason, when, the change that
// triggered it and the account's change log; restoring while the change stands shows the server's refusal, and
// after the revert the page reloads as restored (README "Security").

const api = vi.hoisted(() => ({
  customerSecurity: vi.fn(),
  revertCustomerChange: vi.fn(),
  unfreezeCustomer: vi.fn(),
  findCustomers: vi.fn(),
  setCustomerBlocked: vi.fn(),
}));
vi.mock('../../api.ts', () => api);
vi.mock('../../api-catalogue.ts', () => ({
  customerOrders: vi.fn(async () => ({
    data: {
      customer: { customer_id: 7, name: 'Asha Rao', email: 'a***@x.in', mobile: '98******10' },
      orders: [],
      paging: { page: 1, page_size: 20, total: 0, pages: 1 },
    },
  })),
}));

const change = {
  change_id: 41,
  kind: 'email',
  detail: 'as***@kasrat.test → ev***@mail.test',
  proof: 'owner proof and a code to the new contact',
  ip: '203.0.113.9',
  at: '2026-12-01T10:00:00.000Z',
  disowned_at: '2026-12-01T10:30:00.000Z',
};
const frozen = {
  customer_id: 7,
  is_blocked: false,
  frozen: { frozen_at: '2026-12-01T10:30:00.000Z', reason: 'The owner said a change was not theirs ("this was not me").', change },
  changes: [change],
};

test('shows the freeze and the change log; restore is refused while the change stands, then works after the revert', async () => {
  api.customerSecurity.mockResolvedValueOnce({ data: frozen });
  render(
    <MemoryRouter>
      <Customers customerId={7} canEdit />
    </MemoryRouter>,
  );
  expect(await screen.findByText(/The owner said a change was not theirs/)).toBeTruthy();
  expect(screen.getByText(/Triggered by: Email changed \(as\*\*\*@kasrat\.test → ev\*\*\*@mail\.test\)/)).toBeTruthy();
  const log = screen.getByRole('table', { name: 'Account changes' });
  expect(log.textContent).toContain('Email (owner: not me)');
  expect(log.textContent).toContain('203.0.113.9');

  const stands = 'The change that froze this account still stands (the new email). Revert it first.';
  api.unfreezeCustomer.mockRejectedValueOnce(
    normaliseError({ response: { status: 409, data: { status: 0, message: stands, data: null } } }),
  );
  fireEvent.click(screen.getByRole('button', { name: 'Restore account' }));
  expect((await screen.findByRole('alert')).textContent).toBe(stands);

  api.revertCustomerChange.mockResolvedValueOnce({ message: 'The change is reverted. You can now restore the account.', data: {} });
  api.customerSecurity.mockResolvedValueOnce({ data: frozen });
  fireEvent.click(screen.getByRole('button', { name: 'Revert the change' }));
  expect(await screen.findByText('The change is reverted. You can now restore the account.')).toBeTruthy();
  expect(api.revertCustomerChange).toHaveBeenCalledWith(7);

  api.unfreezeCustomer.mockResolvedValueOnce({ message: 'Account restored.', data: { customer_id: 7, is_frozen: false } });
  api.customerSecurity.mockResolvedValueOnce({ data: { ...frozen, frozen: null } });
  fireEvent.click(screen.getByRole('button', { name: 'Restore account' }));
  expect(await screen.findByText('Not frozen.')).toBeTruthy();
  expect(screen.getByText('Account restored.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Restore account' })).toBeNull();
});
