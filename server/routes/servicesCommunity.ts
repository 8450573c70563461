import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import {
  ApiErrorCode,
  ApiPaths,
  centsToMoney,
  IdParams,
  OptionsRebateResponse,
  OptionsReferralsResponse,
  ThemeResponse,
  ThemesResponse,
  TippingParams,
  UpdateWatchlistRequest,
  UserSettingsResponse,
  WatchlistResponse,
  WatchlistsResponse,
  type Instrument,
} from '../../api/contract';
import { servicesDb, type ServicesDb, type ServicesTrx } from '../domain/servicesSchema';
import { isUuid } from '../domain/tokens';
import { ApiError } from '../errors';
import type { RouteDeps } from './routeDeps';

/** Options rewards terms (ours; the spec names the calls only). */
export const OPTIONS_REFERRAL_REWARD_CENTS = 2_000;
export const OPTIONS_REBATE_CENTS_PER_CONTRACT = 6;

export const ServiceErrorCode = {
  WATCHLIST_NOT_FOUND: 'WATCHLIST_NOT_FOUND',
  THEME_NOT_FOUND: 'THEME_NOT_FOUND',
  UNKNOWN_INSTRUMENT: 'UNKNOWN_INSTRUMENT',
} as const;

const watchlistNotFound = () => new ApiError(404, ServiceErrorCode.WATCHLIST_NOT_FOUND, 'This watchlist does not exist.');

/** Instruments of the given symbols, in the order given; unknown symbols are left out. */
export async function instrumentsBySymbols(db: ServicesDb | ServicesTrx, symbols: readonly string[]): Promise<Instrument[]> {
  if (symbols.length === 0) return [];
  const rows = await db.selectFrom('instruments').selectAll().where('symbol', 'in', [...symbols]).execute();
  const bySymbol = new Map(rows.map((row) => [row.symbol, row]));
  return symbols.flatMap((symbol) => {
    const row = bySymbol.get(symbol);
    return row ? [{ symbol: row.symbol, name: row.name, type: row.type, exchange: row.exchange }] : [];
  });
}

async function listWatchlists(db: ServicesDb | ServicesTrx, userId: string, onlyId?: string) {
  let query = db.selectFrom('watchlists').selectAll().where('user_id', '=', userId);
  if (onlyId) query = query.where('id', '=', onlyId);
  const lists = await query.orderBy('position').orderBy('created_at').execute();
  if (lists.length === 0) return [];
  const items = await db
    .selectFrom('watchlist_items')
    .innerJoin('instruments', 'instruments.symbol', 'watchlist_items.symbol')
    .select(['watchlist_items.watchlist_id', 'instruments.symbol', 'instruments.name', 'instruments.type', 'instruments.exchange'])
    .where('watchlist_items.watchlist_id', 'in', lists.map((list) => list.id))
    .orderBy('watchlist_items.position')
    .execute();
  return lists.map((list) => ({
    id: list.id,
    name: list.name,
    instruments: items.filter((item) => item.watchlist_id === list.id).map(({ symbol, name, type, exchange }) => ({ symbol, name, type, exchange })),
    createdAt: list.created_at.toISOString(),
    updatedAt: list.updated_at.toISOString(),
  }));
}

async function listThemes(db: ServicesDb, onlyId?: string) {
  let query = db.selectFrom('themes').selectAll();
  if (onlyId) query = query.where('id', '=', onlyId);
  const themes = await query.orderBy('position').execute();
  if (themes.length === 0) return [];
  const members = await db
    .selectFrom('theme_instruments')
    .innerJoin('instruments', 'instruments.symbol', 'theme_instruments.symbol')
    .select(['theme_instruments.theme_id', 'instruments.symbol', 'instruments.name', 'instruments.type', 'instruments.exchange'])
    .where('theme_instruments.theme_id', 'in', themes.map((theme) => theme.id))
    .orderBy('theme_instruments.position')
    .execute();
  return themes.map((theme) => ({
    id: theme.id,
    name: theme.name,
    description: theme.description,
    instruments: members.filter((m) => m.theme_id === theme.id).map(({ symbol, name, type, exchange }) => ({ symbol, name, type, exchange })),
  }));
}

/** Watchlists, themes, user settings (tipping) and options rewards at the spec's community-service paths (7.1). */
export function communityServiceRoutes(deps: RouteDeps): FastifyPluginAsync {
  const db = servicesDb(deps.db);
  const { clock } = deps;

  return async (app) => {
    app.get<{ Reply: WatchlistsResponse }>(ApiPaths.watchlists, { schema: { response: { 200: WatchlistsResponse } } }, async (request) => ({
      watchlists: await listWatchlists(db, request.userId),
    }));

    // Replaces the list's name and symbols (in order). Only the customer's own lists; creating one is not a call of the spec.
    app.put<{ Params: IdParams; Body: UpdateWatchlistRequest; Reply: WatchlistResponse }>(
      ApiPaths.watchlist,
      { schema: { params: IdParams, body: UpdateWatchlistRequest, response: { 200: WatchlistResponse } } },
      async (request) => {
        const { id } = request.params;
        if (!isUuid(id)) throw watchlistNotFound();
        const name = request.body.name.trim();
        if (!name) throw new ApiError(400, ApiErrorCode.VALIDATION, 'A watchlist needs a name.');
        const watchlist = await db.transaction().execute(async (trx) => {
          const own = await trx.selectFrom('watchlists').select('id').where('id', '=', id).where('user_id', '=', request.userId).forUpdate().executeTakeFirst();
          if (!own) throw watchlistNotFound();
          const known = await instrumentsBySymbols(trx, request.body.symbols);
          const unknown = request.body.symbols.find((symbol) => !known.some((instrument) => instrument.symbol === symbol));
          if (unknown) throw new ApiError(422, ServiceErrorCode.UNKNOWN_INSTRUMENT, `${unknown} is not a symbol we know.`);
          await trx.updateTable('watchlists').set({ name, updated_at: clock.now() }).where('id', '=', id).execute();
          await trx.deleteFrom('watchlist_items').where('watchlist_id', '=', id).execute();
          if (request.body.symbols.length) {
            await trx
              .insertInto('watchlist_items')
              .values(request.body.symbols.map((symbol, position) => ({ watchlist_id: id, symbol, position })))
              .execute();
          }
          return (await listWatchlists(trx, request.userId, id))[0];
        });
        return { watchlist };
      },
    );

    app.delete<{ Params: IdParams }>(ApiPaths.watchlist, { schema: { params: IdParams } }, async (request, reply) => {
      const { id } = request.params;
      if (!isUuid(id)) throw watchlistNotFound();
      const deleted = await db.deleteFrom('watchlists').where('id', '=', id).where('user_id', '=', request.userId).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw watchlistNotFound();
      return reply.code(204).send();
    });

    app.get<{ Reply: ThemesResponse }>(ApiPaths.themes, { schema: { response: { 200: ThemesResponse } } }, async () => ({ themes: await listThemes(db) }));

    app.get<{ Params: IdParams; Reply: ThemeResponse }>(ApiPaths.theme, { schema: { params: IdParams, response: { 200: ThemeResponse } } }, async (request) => {
      const [theme] = await listThemes(db, request.params.id);
      if (!theme) throw new ApiError(404, ServiceErrorCode.THEME_NOT_FOUND, 'This theme does not exist.');
      return { theme };
    });

    const settingsOf = async (userId: string): Promise<UserSettingsResponse> => {
      const row = await db.selectFrom('user_settings').select('suggest_tipping').where('user_id', '=', userId).executeTakeFirst();
      // Tipping is suggested only to customers who asked for it.
      return { settings: { investment: { suggestTipping: row?.suggest_tipping ?? false } } };
    };

    app.get<{ Reply: UserSettingsResponse }>(ApiPaths.userSettings, { schema: { response: { 200: UserSettingsResponse } } }, async (request) =>
      settingsOf(request.userId),
    );

    app.put<{ Params: TippingParams; Reply: UserSettingsResponse }>(
      ApiPaths.suggestTipping,
      { schema: { params: TippingParams, response: { 200: UserSettingsResponse } } },
      async (request) => {
        const value = request.params.value === 'true';
        await db
          .insertInto('user_settings')
          .values({ user_id: request.userId, suggest_tipping: value, updated_at: clock.now() })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ suggest_tipping: value, updated_at: clock.now() }))
          .execute();
        return settingsOf(request.userId);
      },
    );

    const rewardsOf = (userId: string) => db.selectFrom('options_rewards').selectAll().where('user_id', '=', userId).executeTakeFirst();

    app.get<{ Reply: OptionsReferralsResponse }>(ApiPaths.optionsReferrals, { schema: { response: { 200: OptionsReferralsResponse } } }, async (request) => {
      const row = await rewardsOf(request.userId);
      // Without a row the customer has invited no one yet; the code is derived from the id so it stays the same.
      const code = row?.referral_code ?? `FUND-${createHash('sha256').update(request.userId).digest('hex').slice(0, 8).toUpperCase()}`;
      const qualified = row?.qualified ?? 0;
      return {
        referrals: {
          referralCode: code,
          shareUrl: `https://fundflow.example/invite/${code}`,
          invited: row?.invited ?? 0,
          qualified,
          rewardPerReferral: centsToMoney(OPTIONS_REFERRAL_REWARD_CENTS),
          earned: centsToMoney(qualified * OPTIONS_REFERRAL_REWARD_CENTS),
        },
      };
    });

    app.get<{ Reply: OptionsRebateResponse }>(ApiPaths.optionsRebate, { schema: { response: { 200: OptionsRebateResponse } } }, async (request) => {
      const row = await rewardsOf(request.userId);
      const contracts = row?.contracts_this_month ?? 0;
      return {
        rebate: {
          ratePerContract: centsToMoney(OPTIONS_REBATE_CENTS_PER_CONTRACT),
          contractsThisMonth: contracts,
          earnedThisMonth: centsToMoney(contracts * OPTIONS_REBATE_CENTS_PER_CONTRACT),
          paidToDate: centsToMoney(row?.paid_to_date_cents ?? 0),
        },
      };
    });
  };
}
