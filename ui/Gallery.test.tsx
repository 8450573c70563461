import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Gallery from './Gallery';

describe('Gallery', () => {
  it('renders the kit inside the app shell with a skip link and one main', () => {
    render(<Gallery />);
    expect(screen.getByRole('heading', { level: 1, name: 'UI gallery' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('navigation', { name: 'Primary' })).toBeInTheDocument();
    const ids = Array.from(document.querySelectorAll('[id]')).map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('walks the bank-link modal forward and back, and Escape closes it', async () => {
    const user = userEvent.setup();
    render(<Gallery />);
    await user.click(screen.getByRole('button', { name: 'Bank link (630 high, back)' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Link a bank' })).getByRole('button', { name: /^Debit card/ }));
    expect(screen.getByRole('dialog', { name: 'Account type' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    // The back button is gone on the first step; focus must stay in the dialog, not fall to <body>.
    expect(screen.getByRole('dialog', { name: 'Link a bank' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
