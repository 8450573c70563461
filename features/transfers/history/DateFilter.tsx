import { useState } from 'react';
import { TextField } from '../../../ui';

/** A year still being typed reads as 0002, 0020, 0202: only a whole date goes to the address. */
const wholeDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && Number(value.slice(0, 4)) >= 1900;

/**
 * A date filter. It keeps what is typed itself and sends only an empty or whole date to the address, so the year
 * being typed digit by digit is not written back into the field mid-way.
 */
export function DateFilter({ label, value, onCommit }: { label: string; value: string | null; onCommit: (value: string) => void }) {
  const [text, setText] = useState(value ?? '');
  const [committed, setCommitted] = useState(value);
  if (committed !== value) {
    // The address changed from outside (Clear filters, a link): show it.
    setCommitted(value);
    setText(value ?? '');
  }
  return (
    <TextField
      type="date"
      label={label}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        if (next === '' || wholeDate(next)) onCommit(next);
      }}
    />
  );
}
