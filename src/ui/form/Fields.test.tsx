// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Alert, PhoneField, TextField } from './Fields.tsx';

// The form kit every feature's forms use (account, orders, content): a labelled field whose error is announced and
// tied to the input, and the SPEC §5 phone field rules.

function Phone({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return <PhoneField label="Mobile number" value={value} onChange={setValue} error={error} />;
}

describe('the form kit', () => {
  test('a field is labelled; its error is an alert the input points to and marks it invalid', () => {
    render(<TextField label="Account holder" value="" onChange={() => {}} error="Enter the name on the account." />);
    const input = screen.getByLabelText('Account holder');
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe('Enter the name on the account.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
  });

  test('a field without an error is valid and describes nothing', () => {
    render(<TextField label="IFSC" value="" onChange={() => {}} />);
    const input = screen.getByLabelText('IFSC');
    expect(input.getAttribute('aria-invalid')).not.toBe('true');
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('SPEC §5 phone field: typed text keeps digits only, up to 10; a paste is taken only when all digits', () => {
    render(<Phone />);
    const input = screen.getByLabelText('Mobile number') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '98a76-54321099' } });
    expect(input.value).toBe('9876543210');
    fireEvent.paste(input, { clipboardData: { getData: () => '98 7654 3211' } });
    expect(input.value).toBe('9876543211');
    fireEvent.paste(input, { clipboardData: { getData: () => '98765abc' } });
    expect(input.value).toBe('9876543211');
    const blocked = fireEvent.keyDown(input, { key: '+' });
    expect(blocked).toBe(false);
    expect(fireEvent.keyDown(input, { key: '5' })).toBe(true);
  });

  test('an alert shows only with something to say: an error is an alert, information a status', () => {
    const { container, rerender } = render(<Alert kind="error">{''}</Alert>);
    expect(container.textContent).toBe('');
    rerender(<Alert kind="error">Could not save.</Alert>);
    expect(screen.getByRole('alert').textContent).toBe('Could not save.');
    rerender(<Alert kind="info">Saved.</Alert>);
    expect(screen.getByRole('status').textContent).toBe('Saved.');
  });
});
