import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { SANDBOX_CARDS } from '../../../../api/contract/sandboxCards';
import { Inline, Notice, TextField, UNRECORDED } from '../../../../ui';
import { CardProviderContext, type CardFieldProps, type CardProviderApi, type CardProviderError } from '../cardProvider';
import {
  cardNumberLength,
  cardNumberProblem,
  cvcLength,
  cvcProblem,
  detectCardBrand,
  expiryProblem,
  formatCardNumber,
  formatExpiry,
  onlyDigits,
  sandboxConfirmCardSetup,
  type SandboxCardInput,
} from './sandboxCardRules';
import '../cardField.css';

/**
 * The sandbox card provider: Stripe test mode without the network. Like Stripe's Elements group, the
 * boundary keeps the card the field holds (in a ref, outside React state and the store), and
 * confirmCardSetup reads it from there; the flow only ever sees brand, completeness and errors.
 */
const SandboxCardRef = createContext<{ current: SandboxCardInput } | null>(null);

const EMPTY_CARD: SandboxCardInput = { number: '', expiry: '', cvc: '' };

type Touched = Record<keyof SandboxCardInput, boolean>;

/** The errors Stripe.js would show now: while typing only definite ones, incomplete ones after leaving a field. */
function visibleProblems(card: SandboxCardInput, touched: Touched, now: Date) {
  const digits = onlyDigits(card.number);
  const brand = detectCardBrand(digits);
  const number = cardNumberProblem(digits);
  const expiry = expiryProblem(card.expiry, now);
  const cvc = cvcProblem(card.cvc, brand);
  const show = (problem: CardProviderError | null, value: string, full: boolean, left: boolean) =>
    problem &&
    value !== '' &&
    ((problem.code.startsWith('incomplete') && left) || (!problem.code.startsWith('incomplete') && (full || left)))
      ? problem
      : null;
  return {
    brand,
    complete: !number && !expiry && !cvc,
    number: show(number, digits, digits.length >= cardNumberLength(brand), touched.number),
    expiry: show(expiry, onlyDigits(card.expiry), onlyDigits(card.expiry).length === 4, touched.expiry),
    cvc: show(cvc, onlyDigits(card.cvc), onlyDigits(card.cvc).length >= cvcLength(brand), touched.cvc),
  };
}

function SandboxCardField({ onChange, disabled }: CardFieldProps) {
  const cardRef = useContext(SandboxCardRef);
  if (!cardRef) throw new Error('SandboxCardField must be inside the SandboxCardProvider.');
  // A new field starts empty, like a newly mounted Stripe element; leaving card entry forgets the card.
  const [card, setCard] = useState<SandboxCardInput>(EMPTY_CARD);
  useEffect(() => {
    cardRef.current = EMPTY_CARD;
    return () => {
      cardRef.current = EMPTY_CARD;
    };
  }, [cardRef]);
  const [touched, setTouched] = useState<Touched>({ number: false, expiry: false, cvc: false });
  const problems = visibleProblems(card, touched, new Date());

  const report = (next: SandboxCardInput, nextTouched: Touched) => {
    cardRef.current = next;
    const seen = visibleProblems(next, nextTouched, new Date());
    onChange({
      empty: next.number === '' && next.expiry === '' && next.cvc === '',
      complete: seen.complete,
      brand: seen.brand,
      error: seen.number ?? seen.expiry ?? seen.cvc,
    });
  };
  const update = (field: keyof SandboxCardInput, value: string) => {
    const next = { ...card, [field]: value };
    setCard(next);
    report(next, touched);
  };
  const leave = (field: keyof SandboxCardInput) => {
    if (touched[field]) return;
    const nextTouched = { ...touched, [field]: true };
    setTouched(nextTouched);
    report(card, nextTouched);
  };

  return (
    <div className="ff-card-field ff-card-field--sandbox">
      <TextField
        {...UNRECORDED}
        label="Card number"
        name="cardnumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={card.number}
        disabled={disabled}
        onChange={(event) => update('number', formatCardNumber(event.target.value))}
        onBlur={() => leave('number')}
        error={problems.number?.message}
      />
      <Inline gap={4} wrap={false} align="start" className="ff-card-field__row">
        <TextField
          {...UNRECORDED}
          label="Expiry (MM / YY)"
          name="cc-exp"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={card.expiry}
          disabled={disabled}
          onChange={(event) => update('expiry', formatExpiry(event.target.value, card.expiry))}
          onBlur={() => leave('expiry')}
          error={problems.expiry?.message}
          className="ff-card-field__expiry"
        />
        <TextField
          {...UNRECORDED}
          label="Security code (CVC)"
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder={problems.brand === 'amex' ? '1234' : '123'}
          maxLength={4}
          value={card.cvc}
          disabled={disabled}
          onChange={(event) => update('cvc', onlyDigits(event.target.value).slice(0, cvcLength(problems.brand)))}
          onBlur={() => leave('cvc')}
          error={problems.cvc?.message}
          className="ff-card-field__cvc"
        />
      </Inline>
      <Notice tone="info" title="Sandbox card form" className="ff-card-field__sandbox-notice">
        <p>No real card is used. Enter one of Stripe&apos;s test cards with any future expiry date and any CVC.</p>
        <details className="ff-card-field__test-cards">
          <summary>Test cards</summary>
          <ul>
            {Object.entries(SANDBOX_CARDS).map(([number, card]) => (
              <li key={number}>
                <code>{formatCardNumber(number)}</code> {card.description}
              </li>
            ))}
          </ul>
        </details>
      </Notice>
    </div>
  );
}

export default function SandboxCardProvider({ children }: { children: ReactNode }) {
  const cardRef = useRef<SandboxCardInput>(EMPTY_CARD);
  const confirmCardSetup = useCallback<CardProviderApi['confirmCardSetup']>(
    (clientSecret) => sandboxConfirmCardSetup(cardRef.current, clientSecret, new Date()),
    [],
  );
  const api = useMemo<CardProviderApi>(() => ({ mode: 'sandbox', CardField: SandboxCardField, confirmCardSetup }), [confirmCardSetup]);
  return (
    <SandboxCardRef.Provider value={cardRef}>
      <CardProviderContext.Provider value={api}>{children}</CardProviderContext.Provider>
    </SandboxCardRef.Provider>
  );
}
