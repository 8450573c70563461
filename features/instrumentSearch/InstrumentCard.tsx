import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { errorMessage } from '../../api/apiError';
import type { Instrument } from '../../api/contract';
import { useGetWatchlistsQuery, useUpdateWatchlistMutation } from '../../api/servicesApi';
import { Button, CloseIcon, Spinner } from '../../ui';

const TYPE_WORDS: Record<Instrument['type'], string> = { STOCK: 'Stock', ETF: 'ETF', CRYPTO: 'Crypto', ADR: 'ADR', REIT: 'REIT' };

export const CardMessages = {
  close: 'Close',
  inList: (name: string) => `In ${name}`,
  addTo: (name: string) => `Add to ${name}`,
  noLists: 'You have no watchlists yet.',
  listsLoading: 'Loading your watchlists',
  listsFailed: "We couldn't load your watchlists.",
} as const;

/**
 * What picking a header search result opens. The app has no instrument pages (the route table has none), so the
 * pick opens this card: the instrument's symbol, name, type and exchange, and its watchlist action per list.
 * Focus moves to its heading; Escape or Close hands focus back to the search.
 */
export function InstrumentCard({ instrument, onClose }: { instrument: Instrument; onClose: () => void }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const watchlists = useGetWatchlistsQuery();
  const [update, updating] = useUpdateWatchlistMutation();
  useEffect(() => headingRef.current?.focus(), [instrument.symbol]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };

  return (
    <section className="instrument-card" aria-labelledby={headingId} onKeyDown={onKeyDown}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="instrument-card__title">
        {instrument.symbol} <span className="instrument-card__name">{instrument.name}</span>
      </h2>
      <p className="instrument-card__meta">
        {TYPE_WORDS[instrument.type]} · {instrument.exchange}
      </p>
      {watchlists.isError ? (
        <p className="instrument-card__meta">{CardMessages.listsFailed}</p>
      ) : watchlists.isLoading ? (
        <Spinner label={CardMessages.listsLoading} />
      ) : watchlists.data && watchlists.data.length === 0 ? (
        <p className="instrument-card__meta">{CardMessages.noLists}</p>
      ) : (
        <ul className="instrument-card__lists">
          {(watchlists.data ?? []).map((list) => (
            <li key={list.id}>
              {list.instruments.some((held) => held.symbol === instrument.symbol) ? (
                <span className="instrument-card__in" role="status">
                  {CardMessages.inList(list.name)}
                </span>
              ) : (
                <Button
                  size="sm"
                  variant="secondary"
                  loading={updating.isLoading && updating.originalArgs?.id === list.id}
                  onClick={() =>
                    // The button gives way to 'In <list>': focus goes back to the card's heading, not to the page.
                    void update({
                      id: list.id,
                      name: list.name,
                      symbols: [...list.instruments.map((held) => held.symbol), instrument.symbol],
                    })
                      .unwrap()
                      .then(
                        () => headingRef.current?.focus(),
                        () => undefined,
                      )
                  }
                >
                  {CardMessages.addTo(list.name)}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {/* Last in the tab order: Tab from the heading reaches the watchlist actions first. */}
      <Button
        variant="ghost"
        size="sm"
        className="instrument-card__close"
        onClick={onClose}
        aria-label={`${CardMessages.close} ${instrument.symbol}`}
      >
        <CloseIcon /> {CardMessages.close}
      </Button>
      {updating.isError ? (
        <p role="alert" className="instrument-card__meta">
          {errorMessage(updating.error)}
        </p>
      ) : null}
    </section>
  );
}
