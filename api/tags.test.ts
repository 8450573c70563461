import { always, idTag, listTag, listTags, unlessRefused } from './tags';

describe('cache tags (api/tags.ts)', () => {
  it('a collection provides its list tag and one tag per item', () => {
    expect(listTags('PaymentMethod', ['pm-1', 'pm-2'])).toEqual([
      listTag('PaymentMethod'),
      idTag('PaymentMethod', 'pm-1'),
      idTag('PaymentMethod', 'pm-2'),
    ]);
    expect(listTags('PaymentMethod', undefined)).toEqual([{ type: 'PaymentMethod', id: 'LIST' }]);
  });

  it('a refused mutation invalidates nothing: a 4xx answer changed nothing on the server', () => {
    const tags = unlessRefused((_result: unknown, id: string) => [idTag('Watchlist', id), listTag('Watchlist')]);
    expect(tags(undefined, { status: 409, data: { errorCode: 'X', message: 'No' } }, 'w-1')).toEqual([]);
    expect(tags(undefined, { status: 422, data: { errorCode: 'Y', message: 'No' } }, 'w-1')).toEqual([]);
    expect(tags({ ok: true }, undefined, 'w-1')).toEqual([idTag('Watchlist', 'w-1'), listTag('Watchlist')]);
  });

  it('a mutation whose answer was lost invalidates: the change may have been made all the same', () => {
    const tags = unlessRefused([listTag('Watchlist')]);
    expect(tags(undefined, { status: 'FETCH_ERROR', error: 'offline' }, undefined)).toEqual([listTag('Watchlist')]);
    expect(tags(undefined, { status: 'TIMEOUT_ERROR', error: 'late' }, undefined)).toEqual([listTag('Watchlist')]);
    expect(tags(undefined, { status: 503, data: null }, undefined)).toEqual([listTag('Watchlist')]);
  });

  it('a money movement invalidates after a refusal too: the figures on screen were out of date', () => {
    const tags = always([listTag('Deposit'), idTag('Deposit', 'LIMITS')]);
    expect(tags(undefined, { status: 422, data: { errorCode: 'DEPOSIT_LIMIT_EXCEEDED', message: 'Over' } }, undefined)).toEqual([
      listTag('Deposit'),
      idTag('Deposit', 'LIMITS'),
    ]);
    expect(tags({ id: 'd-1' }, undefined, undefined)).toEqual([listTag('Deposit'), idTag('Deposit', 'LIMITS')]);
  });
});
