import { useEffect, useId, useState, type KeyboardEvent, type Ref } from 'react';
import {
  AUTOCOMPLETE_DEBOUNCE_MS,
  AUTOCOMPLETE_MAX_SUGGESTIONS,
  AUTOCOMPLETE_MIN_QUERY_LENGTH,
  normaliseAddressText,
} from '../../api/contract/values';
import type { AddressSuggestion } from '../../api/contract';
import { useGetAddressSuggestionsQuery } from '../../api/addressApi';
import { Button, Spinner, TextField } from '../../ui';

/** The value once it has stopped changing for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

export interface AddressSearchProps {
  onPick: (suggestion: AddressSuggestion) => void;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * Search mode (2.11): a combobox over the places service's suggestions (debounced 300 ms, at most 5, US
 * only). Arrow keys move through the list, Enter picks, Escape closes it; the list is announced.
 */
export function AddressSearch({ onPick, disabled, inputRef }: AddressSearchProps) {
  const baseId = `ff-address-search-${useId()}`;
  const listboxId = `${baseId}-listbox`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = normaliseAddressText(query);
  const debounced = useDebouncedValue(typed, AUTOCOMPLETE_DEBOUNCE_MS);
  const skip = debounced.length < AUTOCOMPLETE_MIN_QUERY_LENGTH;
  const result = useGetAddressSuggestionsQuery(debounced, { skip });
  const suggestions = skip ? [] : (result.currentData ?? []).slice(0, AUTOCOMPLETE_MAX_SUGGESTIONS);
  const waiting = !skip && (typed !== debounced || result.isFetching);
  const expanded = open && suggestions.length > 0;

  // A new list starts with nothing highlighted.
  useEffect(() => setActive(-1), [result.currentData]);

  const pick = (suggestion: AddressSuggestion) => {
    setOpen(false);
    setQuery(suggestion.description);
    onPick(suggestion);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((index) => Math.min(index + 1, suggestions.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter') {
      if (expanded && active >= 0) {
        event.preventDefault();
        pick(suggestions[active]);
      }
    } else if (event.key === 'Escape' && expanded) {
      // Closes the list only (a surrounding dialog stays open).
      event.preventDefault();
      setOpen(false);
    }
  };

  let status = '';
  const failed = !skip && !waiting && result.isError;
  if (failed) status = 'Address search is unavailable right now. Please enter your address manually.';
  else if (!skip && !waiting && suggestions.length === 0)
    status = 'No US addresses match. Check the spelling or enter your address manually.';

  return (
    <div className="ff-address-search">
      <TextField
        ref={inputRef}
        label="Search for your address"
        hint="Start typing your street address. US addresses only."
        name="address-search"
        autoComplete="off"
        spellCheck={false}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded && active >= 0 ? `${baseId}-option-${active}` : undefined}
        value={query}
        disabled={disabled}
        maxLength={100}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(true)}
      />
      <ul id={listboxId} role="listbox" aria-label="Address suggestions" className="ff-address-search__list" hidden={!expanded}>
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion.placeId}
            id={`${baseId}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className="ff-address-search__option"
            // Keeps focus in the input so the list does not close before the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(suggestion)}
            onMouseEnter={() => setActive(index)}
          >
            <span className="ff-address-search__main">{suggestion.mainText}</span>
            <span className="ff-address-search__secondary">{suggestion.secondaryText}</span>
          </li>
        ))}
      </ul>
      {waiting && typed.length >= AUTOCOMPLETE_MIN_QUERY_LENGTH ? (
        <Spinner label="Searching addresses" size="sm" className="ff-address-search__wait" />
      ) : null}
      <p role="status" className={status ? 'ff-address-search__status' : 'ff-visually-hidden'}>
        {status ||
          (expanded
            ? `${suggestions.length} suggestion${suggestions.length === 1 ? '' : 's'} available. Use the arrow keys to choose.`
            : '')}
      </p>
      {/* The search may work a moment later: ask again for what is typed, without retyping it. */}
      {failed ? (
        <div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setOpen(true);
              void result.refetch();
            }}
          >
            Try again
          </Button>
        </div>
      ) : null}
    </div>
  );
}
