import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastViewport, type ToastItem } from './index';

const toasts: ToastItem[] = [
  { id: 't1', message: 'Nickname saved', tone: 'success' },
  { id: 't2', message: 'Error while linking account', tone: 'error' },
];

describe('ToastViewport', () => {
  it('announces errors as alerts and the rest politely', () => {
    render(<ToastViewport toasts={toasts} onDismiss={() => {}} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Error while linking account');
    const saved = screen.getByText('Nickname saved');
    expect(saved.closest('[aria-live="polite"]')).not.toBeNull();
  });

  it('dismiss calls onDismiss with the toast id', async () => {
    const user = userEvent.setup();
    const onDismiss = jest.fn();
    render(<ToastViewport toasts={toasts} onDismiss={onDismiss} />);
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: /dismiss/i }));
    expect(onDismiss).toHaveBeenCalledWith('t2');
    await user.click(screen.getByRole('button', { name: 'Dismiss: Nickname saved' }));
    expect(onDismiss).toHaveBeenLastCalledWith('t1');
  });

  it('keeps the live regions in the page when empty', () => {
    render(<ToastViewport toasts={[]} onDismiss={() => {}} />);
    expect(document.querySelector('[aria-live="polite"]')).toBeInTheDocument();
  });
});
