import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { makeReadOnly } from './readOnlyFrame';

function Screen() {
  const [presses, setPresses] = useState(0);
  const [amount, setAmount] = useState('123.45');
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <label htmlFor="amount">Amount</label>
      <input id="amount" value={amount} onChange={(event) => setAmount(event.target.value)} />
      <button type="button" onClick={() => setPresses((count) => count + 1)}>
        Pressed {presses}
      </button>
    </form>
  );
}

describe('the replay frame is read-only', () => {
  it('ignores clicks, typing and focus from its own code, and lets the page scroll', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    const restore = makeReadOnly(window);
    try {
      await user.click(screen.getByRole('button', { name: 'Pressed 0' }));
      await user.click(screen.getByLabelText('Amount'));
      await user.keyboard('{Control>}a{/Control}7');
      expect(screen.getByRole('button', { name: 'Pressed 0' })).toBeInTheDocument();
      expect(screen.getByLabelText('Amount')).toHaveValue('123.45');
      screen.getByLabelText('Amount').focus();
      expect(document.activeElement).toBe(document.body);
      const wheel = new WheelEvent('wheel', { bubbles: true, cancelable: true });
      document.body.dispatchEvent(wheel);
      expect(wheel.defaultPrevented).toBe(false);
    } finally {
      restore();
    }
    await user.click(screen.getByRole('button', { name: 'Pressed 0' }));
    expect(screen.getByRole('button', { name: 'Pressed 1' })).toBeInTheDocument();
  });
});
