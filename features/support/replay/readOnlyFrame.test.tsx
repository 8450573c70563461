import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { makeReadOnly } from './readOnlyFrame';

function Screen() {
  const [presses, setPresses] = useState(0);
  const [keys, setKeys] = useState(0);
  const [amount, setAmount] = useState('123.45');
  return (
    // A replayed dialog's focus trap: it takes Tab for itself.
    <form
      onSubmit={(event) => event.preventDefault()}
      onKeyDown={(event) => {
        setKeys((count) => count + 1);
        if (event.key === 'Tab') event.preventDefault();
      }}
    >
      <output aria-label="Keys heard">{keys}</output>
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
      // Tab still moves focus natively (out of the frame, in the real page), and the app's trap never hears it.
      const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
      screen.getByLabelText('Amount').dispatchEvent(tab);
      expect(tab.defaultPrevented).toBe(false);
      expect(screen.getByLabelText('Keys heard')).toHaveTextContent('0');
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
