import { useState } from 'react';
import { AmountField, Button, Chips, SelectField, Stack, sanitizeAmountInput } from '../index';
import { amountInputToCents, DAILY_BANK_DEPOSIT_LIMIT_CENTS, formatCents, LimitMessages } from '../../api/contract/values';

const presetAmounts = [100, 500, 1000, 2500].map((dollars) => ({
  value: String(dollars),
  label: formatCents(dollars * 100, { whole: true }),
}));

const fromOptions = [
  { value: 'chase', label: 'Chase Checking ••4821', description: 'Arrives in 1–3 business days · No fee' },
  { value: 'visa', label: 'Visa debit ••4242', description: 'Instant · Up to $5,000 a day' },
  { value: 'hyca', label: 'High-Yield Cash ••0917', description: 'Instant transfer between your accounts' },
];

const toOptions = [
  { value: 'brokerage', label: 'Individual Brokerage ••3310' },
  { value: 'roth', label: 'Roth IRA ••7752' },
  { value: 'traditional', label: 'Traditional IRA ••1208', disabled: true },
];

const frequencyOptions = [
  { value: 'once', label: 'One time' },
  { value: 'weekly', label: 'Every week' },
  { value: 'biweekly', label: 'Every 2 weeks' },
  { value: 'monthly', label: 'Every month' },
];

/** The deposit form as a flow would draw it (compact: the modal's version, without frequency and Next). */
export function GalleryDepositForm({ compact = false }: { compact?: boolean }) {
  const [preset, setPreset] = useState<string | null>('500');
  const [amount, setAmount] = useState('500');
  const [from, setFrom] = useState('chase');
  const [to, setTo] = useState('brokerage');
  const [frequency, setFrequency] = useState('once');
  const [submitting, setSubmitting] = useState(false);
  const cents = amountInputToCents(sanitizeAmountInput(amount)) ?? 0;
  const tooLarge = cents > DAILY_BANK_DEPOSIT_LIMIT_CENTS;
  return (
    <Stack gap={6}>
      <AmountField
        label="Amount"
        hideLabel
        size="lg"
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setPreset(presetAmounts.some((option) => option.value === value) ? value : null);
        }}
        error={tooLarge ? LimitMessages.dailyBank : undefined}
        hint={compact ? undefined : `Deposits up to ${formatCents(DAILY_BANK_DEPOSIT_LIMIT_CENTS, { whole: true })} a day`}
      />
      <Chips
        label="Preset amounts"
        hideLabel
        className="ff-gallery__chips"
        options={presetAmounts}
        value={preset}
        onChange={(value) => {
          setPreset(value);
          setAmount(value);
        }}
      />
      <SelectField label="From" value={from} onChange={setFrom} options={fromOptions} />
      <SelectField label="To" value={to} onChange={setTo} options={toOptions} />
      {compact ? null : <SelectField label="Frequency" value={frequency} onChange={setFrequency} options={frequencyOptions} />}
      {compact ? null : (
        <Button
          fullWidth
          loading={submitting}
          disabled={tooLarge || cents === 0}
          onClick={() => {
            setSubmitting(true);
            window.setTimeout(() => setSubmitting(false), 1500);
          }}
        >
          Next
        </Button>
      )}
    </Stack>
  );
}
