import { lazy, useId, useState } from 'react';
import type { InstrumentSearchProps } from './InstrumentSearch';
import { Button } from '../../ui';
import { LazyBoundary } from '../errorRecovery/AppErrorBoundary';
import './instrumentSearchField.css';

// The search's own chunk (its endpoints, paging and combobox) loads when the customer first focuses the field, so
// pages that never search do not pay for it; this shell is what the first bundle carries.
const InstrumentSearch = lazy(() => import(/* webpackChunkName: "instrument-search" */ './InstrumentSearch'));

const LABEL = 'Search stocks and ETFs';

function SearchShell({ value, onActivate, autoFocus = false }: { value: string; onActivate: (text: string) => void; autoFocus?: boolean }) {
  const id = useId();
  return (
    <div className="instrument-search" role="search">
      <label htmlFor={id} className="ff-visually-hidden">
        {LABEL}
      </label>
      <div className="instrument-search__field">
        <input
          id={id}
          type="search"
          role="combobox"
          className="instrument-search__input"
          placeholder="Search by symbol or name"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={false}
          maxLength={64}
          autoFocus={autoFocus}
          value={value}
          onFocus={() => onActivate(value)}
          onChange={(event) => onActivate(event.target.value)}
        />
      </div>
    </div>
  );
}

/** For the app header: a light field that becomes InstrumentSearch (lazily) on first focus, keeping what was typed. */
export default function HeaderSearch(props: Omit<InstrumentSearchProps, 'initialText' | 'autoFocus'>) {
  const [text, setText] = useState<string | null>(null);
  if (text === null) return <SearchShell value="" onActivate={setText} />;
  return (
    <LazyBoundary
      fallback={<SearchShell value={text} onActivate={setText} autoFocus />}
      // In the header a full error state would push the page down: one short button instead.
      renderFallback={({ onRetry }) => (
        <Button variant="ghost" size="sm" onClick={onRetry}>
          Search didn't load. Try again
        </Button>
      )}
    >
      <InstrumentSearch pickOpensCard {...props} initialText={text} autoFocus />
    </LazyBoundary>
  );
}
