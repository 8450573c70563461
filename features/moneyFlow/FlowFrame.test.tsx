import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FlowFrame, useFlowLeave, useFlowPageButtons, type FlowFrameProps, type FlowPageProps } from './FlowFrame';

// Issue 21: one frame decides dialog or page for every money flow. These are its rules, one test each.

function StepButtons() {
  const { onCancel, onBack } = useFlowPageButtons();
  return (
    <>
      {onCancel ? <button onClick={onCancel}>Step cancel</button> : null}
      {onBack ? <button onClick={onBack}>Step back</button> : null}
    </>
  );
}

function LeaveButton() {
  const leave = useFlowLeave();
  return leave ? <button onClick={leave}>Leave</button> : <p>Nothing to leave</p>;
}

/** A flow's own page look (as the debit card's and the bank link's): its title, its Back and its Close. */
function OwnPage({ title, onBack, onClose, children }: FlowPageProps) {
  return (
    <section className="own-page">
      {onBack ? <button onClick={onBack}>Own back</button> : null}
      <h1>{title}</h1>
      <button onClick={onClose}>Own close</button>
      {children}
    </section>
  );
}

function frame(props: Partial<FlowFrameProps>) {
  const handlers = { onClose: jest.fn(), onBack: jest.fn(), onCancel: jest.fn() };
  render(
    <FlowFrame presentation="page" page="bar" block="ff-deposit" title="Deposit funds" {...handlers} {...props}>
      <StepButtons />
    </FlowFrame>,
  );
  return handlers;
}

describe('FlowFrame', () => {
  it('as a dialog: the title, a close button and a back arrow, and nothing for the steps to show', async () => {
    const handlers = frame({ presentation: 'modal' });
    expect(screen.getByRole('dialog', { name: 'Deposit funds' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(handlers.onClose).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Step cancel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Step back' })).toBeNull();
  });

  it("a 'bar' page: Back and Cancel in the bar above the title, nothing for the steps to show", async () => {
    const handlers = frame({ page: 'bar' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Deposit funds' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(handlers.onBack).toHaveBeenCalled();
    expect(handlers.onCancel).toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Step cancel' })).toBeNull();
  });

  it("a 'title' page: the title only, and the steps show Cancel and Back in their own body", async () => {
    const handlers = frame({ page: 'title', block: 'ff-transfer' });
    expect(screen.getByRole('heading', { level: 1, name: 'Deposit funds' }).closest('section')).toHaveClass(
      'ff-transfer',
      'ff-transfer--page',
    );
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Step cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Step back' }));
    expect(handlers.onCancel).toHaveBeenCalled();
    expect(handlers.onBack).toHaveBeenCalled();
  });

  it.each(['bar', 'title'] as const)("on a '%s' page the title takes focus when the step changes, not when the flow opens", (page) => {
    const props = { presentation: 'page' as const, page, block: 'ff-transfer', onClose: jest.fn() };
    const { rerender } = render(
      <FlowFrame {...props} title="Transfer between accounts" step="amount">
        <button>Next</button>
      </FlowFrame>,
    );
    screen.getByRole('button', { name: 'Next' }).focus();
    expect(screen.getByRole('heading', { level: 1 })).not.toHaveFocus();
    rerender(
      <FlowFrame {...props} title="Review transfer" step="review">
        <p>The review</p>
      </FlowFrame>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Review transfer' })).toHaveFocus();
  });

  it('an intro stands in for a dialog and closes the flow; over a page it is only dismissed', () => {
    const intro = jest.fn((closeFlow: (() => void) | undefined) => <p>Welcome {closeFlow ? 'closes the flow' : 'only'}</p>);
    const handlers = frame({ presentation: 'modal', intro });
    expect(screen.getByText('Welcome closes the flow')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    intro.mock.calls[0][0]?.();
    expect(handlers.onClose).toHaveBeenCalled();
  });

  it('over a page, the intro is shown next to the flow and is not handed the close', () => {
    frame({ page: 'title', block: 'ff-ira-deposit', intro: (closeFlow) => <p>Welcome {closeFlow ? 'closes the flow' : 'only'}</p> });
    expect(screen.getByText('Welcome only')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Deposit funds' })).toBeInTheDocument();
  });

  it("a flow's own page: the flow's component draws the page, with the frame's title, Back and close; the steps get Cancel", async () => {
    const handlers = frame({ page: OwnPage });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Deposit funds' }).closest('section')).toHaveClass('own-page');
    await userEvent.click(screen.getByRole('button', { name: 'Own back' }));
    await userEvent.click(screen.getByRole('button', { name: 'Own close' }));
    await userEvent.click(screen.getByRole('button', { name: 'Step cancel' }));
    expect(handlers.onBack).toHaveBeenCalled();
    expect(handlers.onClose).toHaveBeenCalled();
    expect(handlers.onCancel).toHaveBeenCalled();
  });

  it("a flow's own page is not used for a dialog, which takes the dialog's height", () => {
    frame({ presentation: 'modal', page: OwnPage, height: 630 });
    expect(screen.getByRole('dialog', { name: 'Deposit funds' }).style.getPropertyValue('--ff-modal-height')).toBe('630px');
    expect(screen.queryByRole('button', { name: 'Own close' })).toBeNull();
  });

  it("leaving for another route: in a dialog the steps get the frame's onLeave, on a page nothing to close", async () => {
    const onLeave = jest.fn();
    const dialog = render(
      <FlowFrame presentation="modal" page="title" block="ff-bank-link-modal" title="Link bank" onClose={jest.fn()} onLeave={onLeave}>
        <LeaveButton />
      </FlowFrame>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(onLeave).toHaveBeenCalled();
    dialog.unmount();
    render(
      <FlowFrame presentation="page" page={OwnPage} block="ff-bank-link-modal" title="Link bank" onClose={jest.fn()} onLeave={onLeave}>
        <LeaveButton />
      </FlowFrame>,
    );
    expect(screen.getByText('Nothing to leave')).toBeInTheDocument();
  });
});
