import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button, Modal, TextField, type ModalProps } from './index';

function Harness(props: Partial<ModalProps>) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button" onClick={() => setOpen(true)}>
        Deposit funds
      </button>
      <Modal
        open={open}
        title="Deposit"
        onClose={() => {
          props.onClose?.();
          setOpen(false);
        }}
        onBack={props.onBack}
        footer={<Button>Next</Button>}
      >
        <TextField label="Memo" />
      </Modal>
    </div>
  );
}

async function openHarness(props: Partial<ModalProps> = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  const opener = screen.getByRole('button', { name: 'Deposit funds' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog', { name: 'Deposit' }) };
}

describe('Modal', () => {
  it('renders nothing while closed', () => {
    render(<Modal open={false} title="Deposit" onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a modal dialog named by its title, in a portal on body', async () => {
    const { dialog } = await openHarness();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog.closest('.ff-modal-root')?.parentElement).toBe(document.body);
    expect(screen.getByRole('heading', { name: 'Deposit' })).toBeInTheDocument();
  });

  it('moves focus in on open, traps Tab inside, and returns focus to the opener on close', async () => {
    const { user, opener, dialog } = await openHarness();
    expect(dialog).toHaveFocus();

    const close = screen.getByRole('button', { name: 'Close' });
    const memo = screen.getByRole('textbox', { name: 'Memo' });
    const next = screen.getByRole('button', { name: 'Next' });
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(memo).toHaveFocus();
    await user.tab();
    expect(next).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(next).toHaveFocus();

    await user.click(close);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('keeps focus on an autoFocus field inside and still returns to the opener', async () => {
    const user = userEvent.setup();
    function AutoFocusHarness() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <Modal open={open} title="Nickname" onClose={() => setOpen(false)}>
            <TextField label="Nickname" autoFocus />
          </Modal>
        </>
      );
    }
    render(<AutoFocusHarness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('textbox', { name: 'Nickname' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('calls onClose on Escape', async () => {
    const onClose = jest.fn();
    const { user } = await openHarness({ onClose });
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('calls onClose on a backdrop click but not on a click inside', async () => {
    const onClose = jest.fn();
    const { user, dialog } = await openHarness({ onClose });
    await user.click(dialog);
    expect(onClose).not.toHaveBeenCalled();
    await user.click(document.querySelector('.ff-modal-backdrop') as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows a back button only when onBack is given, and it calls onBack', async () => {
    const onBack = jest.fn();
    const { user } = await openHarness({ onBack });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('has no back button without onBack', async () => {
    await openHarness();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('locks page scroll and makes the page inert while open', async () => {
    const { user } = await openHarness();
    expect(document.body.style.overflow).toBe('hidden');
    const page = screen.getByRole('button', { name: 'Deposit funds', hidden: true }).closest('body > div');
    expect(page).toHaveAttribute('inert');
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('');
    expect(page).not.toHaveAttribute('inert');
  });
});

describe('Modal stacked on a modal', () => {
  it('Escape closes only the top one', async () => {
    const user = userEvent.setup();
    const closeOuter = jest.fn();
    const closeInner = jest.fn();
    render(
      <>
        <Modal open title="Manage funding methods" onClose={closeOuter}>
          <p>Methods</p>
        </Modal>
        <Modal open title="Remove funding method" onClose={closeInner}>
          <p>Confirm that you want to remove your funding method.</p>
        </Modal>
      </>,
    );
    await user.keyboard('{Escape}');
    expect(closeInner).toHaveBeenCalledTimes(1);
    expect(closeOuter).not.toHaveBeenCalled();
  });
});

describe('Modal focus rules (issue 18)', () => {
  it('a radio group with nothing picked is one Tab stop: Tab from its first radio wraps to the first control', async () => {
    const user = userEvent.setup();
    render(
      <Modal open title="Choose a funding method" onClose={() => {}} footer={<Button disabled>Next</Button>}>
        <fieldset>
          <legend>How do you want to add money?</legend>
          {['Bank account', 'Debit card', 'Wire transfer'].map((label) => (
            <label key={label}>
              <input type="radio" name="method" value={label} /> {label}
            </label>
          ))}
        </fieldset>
      </Modal>,
    );
    const close = screen.getByRole('button', { name: 'Close' });
    const first = screen.getByRole('radio', { name: 'Bank account' });
    first.focus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('radio', { name: 'Wire transfer' })).toHaveFocus();
  });

  it('focus moves to the title when the step changes, not on the first step', async () => {
    const user = userEvent.setup();
    function Flow() {
      const [step, setStep] = useState('amount');
      return (
        <Modal
          open
          title={step === 'amount' ? 'Deposit funds' : 'Review deposit'}
          step={step}
          onClose={() => {}}
          footer={<Button onClick={() => setStep('review')}>Next</Button>}
        >
          <TextField label="Amount" autoFocus />
        </Modal>
      );
    }
    render(<Flow />);
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Review deposit' })).toHaveFocus();
  });
});

describe('Modal keeps focus in context', () => {
  it('when the focused control disappears, focus goes back to the dialog a moment later', async () => {
    const user = userEvent.setup();
    function Steps() {
      const [step, setStep] = useState(1);
      return (
        <Modal open title="Link with micro-deposits" onClose={() => {}} onBack={step === 2 ? () => setStep(1) : undefined}>
          <Button onClick={() => setStep(2)}>Next</Button>
        </Modal>
      );
    }
    render(<Steps />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Link with micro-deposits' })).toHaveFocus());
  });
});

describe('Modal inert page with dialogs closing out of order', () => {
  it('the page stays inert while a dialog is open, even when the dialog opened before it closes first', () => {
    function Page({ first, second }: { first: boolean; second: boolean }) {
      return (
        <>
          <div>
            <button type="button">Account</button>
          </div>
          <Modal open={first} title="Choose a funding method" onClose={() => {}} />
          <Modal open={second} title="Link with micro-deposits" onClose={() => {}} />
        </>
      );
    }
    const { rerender } = render(<Page first second={false} />);
    const page = screen.getByRole('button', { name: 'Account', hidden: true }).closest('body > div');
    expect(page).toHaveAttribute('inert');
    rerender(<Page first second />);
    rerender(<Page first={false} second />);
    expect(page).toHaveAttribute('inert');
    rerender(<Page first={false} second={false} />);
    expect(page).not.toHaveAttribute('inert');
  });
});
