import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListboxSelect } from './ListboxSelect';

const OPTIONS = [
  { value: 'us', label: 'Brokerage' },
  { value: 'trad', label: 'Traditional IRA' },
  { value: 'roth', label: 'Roth IRA' },
];

function setup(value = 'us') {
  const onChange = jest.fn();
  const user = userEvent.setup();
  render(<ListboxSelect label="Account" value={value} options={OPTIONS} onChange={onChange} />);
  return { onChange, user, combobox: screen.getByRole('combobox', { name: 'Account' }) };
}

describe('ListboxSelect', () => {
  it('arrow keys only move through the options: nothing is chosen until Enter', async () => {
    const { onChange, user, combobox } = setup();
    combobox.focus();
    await user.keyboard('{ArrowDown}');
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    expect(combobox).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Brokerage' }).id);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(combobox).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Traditional IRA' }).id);
    expect(onChange).not.toHaveBeenCalled();
    expect(combobox).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('trad');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
  });

  it('Escape and Tab close the list without a change', async () => {
    const { onChange, user, combobox } = setup();
    combobox.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Escape}');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    await user.tab();
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('a click on an option chooses it; the current value is the selected option', async () => {
    const { onChange, user, combobox } = setup('roth');
    expect(combobox).toHaveTextContent('Roth IRA');
    await user.click(combobox);
    expect(screen.getByRole('option', { name: 'Roth IRA' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('option', { name: 'Brokerage' }));
    expect(onChange).toHaveBeenCalledWith('us');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
