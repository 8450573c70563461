import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal, OptionsMenu, type OptionsMenuItem } from './index';

function setup() {
  const onRename = jest.fn();
  const onDefault = jest.fn();
  const onRemove = jest.fn();
  const items: OptionsMenuItem[] = [
    { id: 'rename', label: 'Set nickname', onSelect: onRename },
    { id: 'default', label: 'Set as Default', onSelect: onDefault, disabled: true, hint: 'Already your default' },
    { id: 'remove', label: 'Remove', onSelect: onRemove, tone: 'danger' },
  ];
  const user = userEvent.setup();
  render(
    <>
      <OptionsMenu label="Options for Chase Checking" items={items} />
      <button type="button">Elsewhere</button>
    </>,
  );
  const trigger = screen.getByRole('button', { name: 'Options for Chase Checking' });
  return { user, trigger, onRename, onDefault, onRemove };
}

describe('OptionsMenu', () => {
  it('is a closed menu button at first', () => {
    const { trigger } = setup();
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens from the keyboard and moves with arrows, Home and End', async () => {
    const { user, trigger } = setup();
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu', { name: 'Options for Chase Checking' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Set nickname' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Set as Default' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Remove' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Set nickname' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Remove' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Set nickname' })).toHaveFocus();
  });

  it('opens on ArrowUp at the last item', async () => {
    const { user, trigger } = setup();
    trigger.focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Remove' })).toHaveFocus();
  });

  it('does not select a disabled item, and explains it', async () => {
    const { user, trigger, onDefault } = setup();
    await user.click(trigger);
    const item = screen.getByRole('menuitem', { name: 'Set as Default' });
    expect(item).toHaveAttribute('aria-disabled', 'true');
    expect(item).toHaveAccessibleDescription('Already your default');
    await user.click(item);
    item.focus();
    await user.keyboard('{Enter}');
    expect(onDefault).not.toHaveBeenCalled();
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

  it('selecting an item calls onSelect, closes and returns focus to the trigger', async () => {
    const { user, trigger, onRemove } = setup();
    trigger.focus();
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    expect(onRemove).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
  });

  it('closes on Escape and on an outside click', async () => {
    const { user, trigger, onRename } = setup();
    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    await user.click(trigger);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(onRename).not.toHaveBeenCalled();
  });
});

describe('OptionsMenu inside a Modal', () => {
  it('Escape closes the menu first, then the modal', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(
      <Modal open title="Manage funding methods" onClose={onClose}>
        <OptionsMenu label="Options for Chase Checking" items={[{ id: 'remove', label: 'Remove', onSelect: () => {} }]} />
      </Modal>,
    );
    await user.click(screen.getByRole('button', { name: 'Options for Chase Checking' }));
    expect(screen.getByRole('menuitem', { name: 'Remove' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
