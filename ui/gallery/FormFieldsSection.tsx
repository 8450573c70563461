import { useState } from 'react';
import { AmountField, Chips, SelectField, TextField } from '../index';
import { formatCents } from '../../api/contract/values';
import { GallerySection } from './GallerySection';

/** Text, amount and select fields in their states, and chips with a disabled option. */
export function FormFieldsSection() {
  const [nickname, setNickname] = useState('My checking');
  const [routing, setRouting] = useState('12345');
  return (
    <GallerySection title="Form fields">
      <div className="ff-gallery__two">
        <TextField
          label="Nickname"
          value={nickname}
          onChange={(event) => setNickname(event.target.value)}
          hint="Shown in your funding methods"
          maxLength={30}
        />
        <TextField
          label="Routing number"
          inputMode="numeric"
          value={routing}
          onChange={(event) => setRouting(event.target.value.replace(/\D/g, '').slice(0, 9))}
          error={routing.length === 9 ? undefined : 'Enter the 9-digit routing number'}
        />
        <TextField label="Account number" disabled value="••••••4821" readOnly />
        <AmountField label="1st Amount" value="0.32" onChange={() => {}} hint="Between $0.01 and $0.99" />
        <AmountField label="2nd Amount" value="1.5" onChange={() => {}} error="That doesn't match what we sent" />
        <SelectField
          label="Contribution year"
          value=""
          placeholder="Choose a tax year"
          onChange={() => {}}
          options={[
            { value: '2025', label: '2025' },
            { value: '2024', label: '2024 (until April 15)' },
          ]}
          error="Choose a tax year"
        />
      </div>
      <Chips
        label="IRA contribution"
        options={[
          ...[500, 1000].map((dollars) => ({ value: String(dollars), label: formatCents(dollars * 100, { whole: true }) })),
          { value: 'max', label: 'Max', disabled: true },
        ]}
        value="1000"
        onChange={() => {}}
      />
    </GallerySection>
  );
}
