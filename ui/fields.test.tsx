import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { AmountField, SelectField, TextField } from './index';

describe('TextField', () => {
  it('ties the label to the input', () => {
    render(<TextField label="Nickname" />);
    expect(screen.getByRole('textbox', { name: 'Nickname' })).toBeInTheDocument();
  });

  it('marks the input invalid and describes it with the error and the hint', () => {
    render(<TextField label="Routing number" hint="9 digits" error="Enter a valid routing number" />);
    const input = screen.getByRole('textbox', { name: 'Routing number' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('9 digits Enter a valid routing number');
    expect(screen.getByText('Enter a valid routing number')).toBeVisible();
  });

  it('is not invalid without an error', () => {
    render(<TextField label="Routing number" hint="9 digits" />);
    const input = screen.getByRole('textbox', { name: 'Routing number' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('9 digits');
  });

  it('keeps an id given by the caller', () => {
    render(<TextField label="Email" id="email" type="email" />);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('id', 'email');
  });
});

function ControlledAmount({ onValue }: { onValue: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <AmountField
      label="Amount"
      value={value}
      onChange={(next) => {
        onValue(next);
        setValue(next);
      }}
    />
  );
}

describe('AmountField', () => {
  it('gives the parent only cleaned values', async () => {
    const user = userEvent.setup();
    const onValue = jest.fn();
    render(<ControlledAmount onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    await user.type(input, '$1,2a3.456');
    expect(input).toHaveValue('123.45');
    for (const [value] of onValue.mock.calls) expect(value).toMatch(/^\d*\.?\d{0,2}$/);
    expect(onValue).toHaveBeenLastCalledWith('123.45');
  });

  it('cleans a pasted amount in one go', async () => {
    const user = userEvent.setup();
    const onValue = jest.fn();
    render(<ControlledAmount onValue={onValue} />);
    await user.click(screen.getByRole('textbox', { name: 'Amount' }));
    await user.paste('$00,050.999');
    expect(onValue).toHaveBeenLastCalledWith('50.99');
  });

  it('asks for the decimal keypad and wires its error', () => {
    render(<AmountField label="Amount" value="" onChange={() => {}} error="Enter an amount of at least $1.00" />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter an amount of at least $1.00');
  });
});

describe('SelectField', () => {
  const options = [
    { value: 'chase', label: 'Chase Checking ••1234', description: 'Arrives in 1–3 business days' },
    { value: 'card', label: 'Visa debit ••4242', description: 'Instant' },
    { value: 'old', label: 'Closed account', disabled: true },
  ];

  it('reports the chosen value and describes the chosen option', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    const { rerender } = render(<SelectField label="From" value="chase" onChange={onChange} options={options} />);
    const select = screen.getByRole('combobox', { name: 'From' });
    expect(select).toHaveAccessibleDescription('Arrives in 1–3 business days');
    await user.selectOptions(select, 'card');
    expect(onChange).toHaveBeenCalledWith('card');
    rerender(<SelectField label="From" value="card" onChange={onChange} options={options} error="Card limit reached" />);
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Instant Card limit reached');
  });
});
