import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Chips, type ChipOption } from './index';

const amounts: ChipOption[] = [
  { value: '500', label: '$500' },
  { value: '1000', label: '$1,000' },
  { value: 'max', label: 'Max', disabled: true },
  { value: '2500', label: '$2,500' },
];

function PresetAmounts({ initial = null, onChange }: { initial?: string | null; onChange?: (value: string) => void }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <Chips
      label="Preset amounts"
      options={amounts}
      value={value}
      onChange={(next) => {
        onChange?.(next);
        setValue(next);
      }}
    />
  );
}

describe('Chips', () => {
  it('is a radio group named by its label', () => {
    render(<PresetAmounts />);
    expect(screen.getByRole('radiogroup', { name: 'Preset amounts' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(4);
  });

  it('selects a chip on click', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<PresetAmounts onChange={onChange} />);
    await user.click(screen.getByRole('radio', { name: '$1,000' }));
    expect(onChange).toHaveBeenCalledWith('1000');
    expect(screen.getByRole('radio', { name: '$1,000' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: '$500' })).toHaveAttribute('aria-checked', 'false');
  });

  it('has one Tab stop, and arrow keys move and select, skipping disabled chips', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(
      <>
        <button type="button">Before</button>
        <PresetAmounts onChange={onChange} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(screen.getByRole('radio', { name: '$500' })).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '$1,000' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: '$1,000' })).toHaveAttribute('aria-checked', 'true');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '$2,500' })).toHaveFocus();
    expect(onChange).toHaveBeenLastCalledWith('2500');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '$500' })).toHaveFocus();

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '$2,500' })).toHaveFocus();
    expect(onChange).not.toHaveBeenCalledWith('max');
  });

  it('is one Tab stop: Tab enters on the selected chip and the next Tab leaves the group', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Before</button>
        <PresetAmounts initial="1000" />
        <button type="button">After</button>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(screen.getByRole('radio', { name: '$1,000' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('radio', { name: '$1,000' })).toHaveFocus();
  });
});
