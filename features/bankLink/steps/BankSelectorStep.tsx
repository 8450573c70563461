import { useEffect, useEffectEvent, useRef, useState, type KeyboardEvent } from 'react';
import { useSearchInstitutionsQuery } from '../../../api/bankLinkApi';
import { errorMessage } from '../../../api/apiError';
import { SEARCH_DEBOUNCE_MS } from '../../../api/contract/values';
import type { Institution } from '../../../api/contract';
import { BankIcon, EmptyState, ErrorState, Spinner, Stack, TextField } from '../../../ui';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { bankSearched, selectBankSearchTerm } from '../bankLinkSlice';
import { useDebouncedValue } from '../useDebouncedValue';
import { InstitutionLogo } from './InstitutionLogo';
import { PopularBanks } from './PopularBanks';

const SEARCH_MAX_LENGTH = 80;

export { institutionInitials } from '../bankMarks';

export interface BankSelectorStepProps {
  onSelect: (institution: Institution) => void;
}

/**
 * bank-selector: search the institution directory, pick a bank with mouse or keyboard. The field's text is
 * the component's own while the customer types; once typing pauses it becomes the flow's search term in the
 * store, which decides the results shown (and starts the field's text when the step is shown again).
 */
export function BankSelectorStep({ onSelect }: BankSelectorStepProps) {
  const dispatch = useAppDispatch();
  const term = useAppSelector(selectBankSearchTerm);
  const [query, setQuery] = useState(term);
  const paused = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  // Only a pause in typing commits: a term set elsewhere (a new flow) must not be written back, so the term is
  // read when the pause comes rather than being a reason to run.
  const commitSearch = useEffectEvent((typed: string) => {
    if (typed !== term) dispatch(bankSearched(typed));
  });
  useEffect(() => {
    commitSearch(paused);
  }, [paused]);
  const search = useSearchInstitutionsQuery(term, { skip: term === '' });
  const results = term === '' ? [] : (search.data ?? []);
  const resultRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const inputRef = useRef<HTMLInputElement>(null);
  // Typing faster than the debounce: the old results are stale, show the wait instead of them.
  const waiting = query.trim() !== '' && (query.trim() !== term || search.isFetching);

  function focusResult(index: number) {
    if (index < 0) inputRef.current?.focus();
    else resultRefs.current[Math.min(index, results.length - 1)]?.focus();
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && results.length > 0) {
      event.preventDefault();
      focusResult(0);
    }
  }

  function onResultKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: results.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      focusResult(moves[event.key]);
    }
  }

  let body;
  if (query.trim() === '') {
    body = (
      <>
        <p className="ff-bank-link__muted">Search by your bank's name, or pick it below.</p>
        <PopularBanks onSelect={onSelect} />
      </>
    );
  } else if (waiting) {
    body = <Spinner label="Searching for banks" />;
  } else if (search.isError) {
    body = <ErrorState title="We couldn't search for banks" body={errorMessage(search.error)} onRetry={() => void search.refetch()} />;
  } else if (results.length === 0) {
    body = (
      <EmptyState icon={<BankIcon size={28} />} title={`No banks match “${term}”`} body="Check the spelling or try the bank's full name." />
    );
  } else {
    body = (
      <ul className="ff-bank-link__results" aria-label="Banks">
        {results.map((institution, index) => (
          <li key={institution.id}>
            <button
              type="button"
              className="ff-bank-link__result"
              ref={(element) => {
                resultRefs.current[index] = element;
              }}
              onClick={() => onSelect(institution)}
              onKeyDown={(event) => onResultKeyDown(event, index)}
            >
              <InstitutionLogo institution={institution} />
              <span className="ff-bank-link__result-name">{institution.name}</span>
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Stack gap={4}>
      <TextField
        ref={inputRef}
        label="Search for your bank"
        type="search"
        autoComplete="off"
        autoFocus
        maxLength={SEARCH_MAX_LENGTH}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onInputKeyDown}
        hint={results.length > 0 ? 'Use the arrow keys to move through the results.' : undefined}
      />
      <p role="status" className="ff-visually-hidden">
        {!waiting && results.length > 0 ? `${results.length} ${results.length === 1 ? 'bank' : 'banks'} found` : ''}
      </p>
      {body}
    </Stack>
  );
}
