import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { errorMessage } from '../../api/apiError';
import type { Instrument } from '../../api/contract';
import { useSearchInstrumentsInfiniteQuery } from '../../api/servicesApi';
import { Button, SpinnerGlyph } from '../../ui';
import { InstrumentCard } from './InstrumentCard';
import './instrumentSearchField.css';
import './instrumentSearch.css';
import { SEARCH_DEBOUNCE_MS } from '../../api/contract/fundingRules';

// Wait after the last keystroke before searching: the spec's search debounce for bank and address search.
export { SEARCH_DEBOUNCE_MS };

export const SearchMessages = {
  label: 'Search stocks and ETFs',
  placeholder: 'Search by symbol or name',
  searching: 'Searching…',
  loadMore: 'Load more',
  failed: "We couldn't search right now.",
  retry: 'Try again',
  noResults: (query: string) => `No results for “${query}”.`,
  count: (shown: number, total: number) => `${shown} of ${total} result${total === 1 ? '' : 's'}`,
} as const;

export interface InstrumentSearchProps {
  /** Crypto results too (when the market allows it). */
  includeCrypto?: boolean;
  /** Called with the chosen instrument; without it the field keeps the choice. */
  onSelect?: (instrument: Instrument) => void;
  className?: string;
  /** Text already typed (HeaderSearch hands over what was typed while this chunk loaded). */
  initialText?: string;
  autoFocus?: boolean;
  /** Without onSelect: a pick opens the instrument's card (its watchlist actions) under the field. */
  pickOpensCard?: boolean;
}

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * Instrument search for the app header: an ARIA 1.2 combobox with a listbox popup. Typing searches after a pause
 * (GET /graphservice/search, 20 a page); 'Load more' fetches the next page; arrows move through the results,
 * Enter picks one, Escape closes the list.
 */
export default function InstrumentSearch({
  includeCrypto = false,
  onSelect,
  className,
  initialText = '',
  autoFocus = false,
  pickOpensCard = false,
}: InstrumentSearchProps) {
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(initialText !== '');
  const [active, setActive] = useState(-1);
  const [picked, setPicked] = useState<Instrument | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const debounced = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const arg = debounced ? { query: debounced, includeCrypto } : skipToken;
  const search = useSearchInstrumentsInfiniteQuery(arg);
  const instruments = useMemo(() => search.data?.pages.flatMap((page) => page.instruments) ?? [], [search.data]);
  const total = search.data?.pages.at(-1)?.total ?? 0;
  // Results belong to the text searched; while the debounce runs the previous ones stay (marked busy).
  const waiting = text.trim() !== '' && (text.trim() !== debounced || (search.isFetching && !search.isFetchingNextPage));
  const showPopup = open && text.trim() !== '';

  useEffect(() => setActive(-1), [debounced]);

  const choose = (instrument: Instrument) => {
    setOpen(false);
    setActive(-1);
    if (onSelect) {
      onSelect(instrument);
      setText('');
    } else if (pickOpensCard) {
      setPicked(instrument);
    } else {
      setText(`${instrument.symbol} ${instrument.name}`);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      if (instruments.length) setActive((index) => Math.min(index + 1, instruments.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (instruments.length) setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter') {
      if (showPopup && active >= 0 && instruments[active]) {
        event.preventDefault();
        choose(instruments[active]);
      }
    } else if (event.key === 'Escape') {
      if (showPopup) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else setText('');
    }
  };

  let status: React.ReactNode = null;
  if (showPopup) {
    if (search.isError && !waiting) {
      status = (
        <div role="alert" className="instrument-search__message">
          <p>{SearchMessages.failed}</p>
          <p className="instrument-search__detail">{errorMessage(search.error)}</p>
          <Button size="sm" variant="secondary" onClick={() => void search.refetch()}>
            {SearchMessages.retry}
          </Button>
        </div>
      );
    } else if (!waiting && search.isSuccess && instruments.length === 0) {
      status = <p className="instrument-search__message">{SearchMessages.noResults(debounced)}</p>;
    }
  }

  return (
    <div className={['instrument-search', className].filter(Boolean).join(' ')} role="search">
      <label htmlFor={`${baseId}-input`} className="ff-visually-hidden">
        {SearchMessages.label}
      </label>
      <div className="instrument-search__field">
        <input
          ref={inputRef}
          id={`${baseId}-input`}
          type="search"
          role="combobox"
          className="instrument-search__input"
          placeholder={SearchMessages.placeholder}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          autoFocus={autoFocus}
          aria-autocomplete="list"
          aria-expanded={showPopup && instruments.length > 0}
          aria-controls={listboxId}
          aria-activedescendant={showPopup && active >= 0 ? optionId(active) : undefined}
          aria-busy={waiting || undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setPicked(null);
            setOpen(true);
          }}
          onFocus={() => {
            if (!picked) setOpen(true);
          }}
          onBlur={(event) => {
            // Keep the popup while focus moves into it (Load more, Try again).
            if (!event.currentTarget.parentElement?.parentElement?.contains(event.relatedTarget)) setOpen(false);
          }}
          onKeyDown={onKeyDown}
        />
        {waiting ? <SpinnerGlyph className="instrument-search__spinner" /> : null}
      </div>
      <div className="instrument-search__popup" hidden={!showPopup}>
        <ul id={listboxId} role="listbox" aria-label={SearchMessages.label} className="instrument-search__list">
          {showPopup
            ? instruments.map((instrument, index) => (
                <li
                  key={instrument.symbol}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className={index === active ? 'instrument-search__option is-active' : 'instrument-search__option'}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(instrument)}
                >
                  <span className="instrument-search__symbol">{instrument.symbol}</span>
                  <span className="instrument-search__name">{instrument.name}</span>
                </li>
              ))
            : null}
        </ul>
        {status}
        {showPopup && search.hasNextPage && !waiting ? (
          <div className="instrument-search__more">
            <Button
              size="sm"
              variant="ghost"
              loading={search.isFetchingNextPage}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                void search.fetchNextPage();
                inputRef.current?.focus();
              }}
            >
              {SearchMessages.loadMore}
            </Button>
          </div>
        ) : null}
      </div>
      {picked ? (
        <InstrumentCard
          instrument={picked}
          onClose={() => {
            setPicked(null);
            inputRef.current?.focus();
          }}
        />
      ) : null}
      <p role="status" className="ff-visually-hidden">
        {showPopup && waiting
          ? SearchMessages.searching
          : showPopup && instruments.length > 0
            ? SearchMessages.count(instruments.length, total)
            : ''}
      </p>
    </div>
  );
}
