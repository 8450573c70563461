import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useCardProvider, type CardFieldChange, type ConfirmCardSetupResult } from '../cardProvider';
import StripeCardProvider from './StripeCardProvider';

// Stripe.js and its React bindings stand in for Stripe's iframes: the test checks our side of the seam.
const confirmCardSetup = jest.fn();
const fakeStripe = { confirmCardSetup };
const cardElement = { id: 'card-element' };

jest.mock('@stripe/stripe-js/pure', () => ({ loadStripe: jest.fn(() => Promise.resolve({})) }));
jest.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  CardElement: ({ onChange }: { onChange: (event: unknown) => void }) => (
    <button type="button" onClick={() => onChange({ empty: false, complete: true, brand: 'mastercard', error: undefined })}>
      type a card
    </button>
  ),
  useStripe: () => fakeStripe,
  useElements: () => ({ getElement: () => cardElement }),
}));

function Probe() {
  const { CardField, confirmCardSetup: confirm, mode } = useCardProvider();
  const [change, setChange] = useState<CardFieldChange | null>(null);
  const [result, setResult] = useState<ConfirmCardSetupResult | null>(null);
  return (
    <>
      <p>mode {mode}</p>
      <CardField onChange={setChange} postalCode="97205" />
      <p>change {JSON.stringify(change)}</p>
      <button
        type="button"
        onClick={() =>
          void confirm('seti_1_secret_x', { name: 'Jordan Lee', addressLine1: '88 Elm Street', postalCode: '97205' }).then(setResult)
        }
      >
        confirm
      </button>
      <p>result {JSON.stringify(result)}</p>
    </>
  );
}

beforeEach(() => confirmCardSetup.mockReset());

describe('live card provider (Stripe)', () => {
  it('loads Stripe.js with the publishable key only when the flow mounts it', () => {
    expect(loadStripe).not.toHaveBeenCalled();
    render(
      <StripeCardProvider publishableKey="pk_test_123">
        <Probe />
      </StripeCardProvider>,
    );
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(screen.getByText('mode live')).toBeInTheDocument();
  });

  it("passes the card element's completeness and brand on, never a number", async () => {
    const user = userEvent.setup();
    render(
      <StripeCardProvider publishableKey="pk_test_123">
        <Probe />
      </StripeCardProvider>,
    );
    expect(screen.getByRole('group', { name: 'Card details' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'type a card' }));
    expect(screen.getByText('change {"empty":false,"complete":true,"brand":"mastercard","error":null}')).toBeInTheDocument();
  });

  it('confirms the setup intent with the card element and billing details and returns both ids', async () => {
    confirmCardSetup.mockResolvedValue({ setupIntent: { id: 'seti_1', payment_method: 'pm_123' } });
    const user = userEvent.setup();
    render(
      <StripeCardProvider publishableKey="pk_test_123">
        <Probe />
      </StripeCardProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'confirm' }));
    await waitFor(() => expect(screen.getByText('result {"setupIntentId":"seti_1","paymentMethodId":"pm_123"}')).toBeInTheDocument());
    expect(confirmCardSetup).toHaveBeenCalledWith('seti_1_secret_x', {
      payment_method: {
        card: cardElement,
        billing_details: { name: 'Jordan Lee', address: { line1: '88 Elm Street', postal_code: '97205', country: 'US' } },
      },
    });
  });

  it("returns Stripe's error code, decline code and message", async () => {
    confirmCardSetup.mockResolvedValue({
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
    });
    const user = userEvent.setup();
    render(
      <StripeCardProvider publishableKey="pk_test_123">
        <Probe />
      </StripeCardProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'confirm' }));
    await waitFor(() =>
      expect(
        screen.getByText(
          'result {"error":{"code":"card_declined","message":"Your card has insufficient funds.","declineCode":"insufficient_funds"}}',
        ),
      ).toBeInTheDocument(),
    );
  });
});
