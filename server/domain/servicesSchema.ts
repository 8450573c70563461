import type { ColumnType, Kysely, Transaction } from 'kysely';
import type { AcatFragment, AcatItem, AcatKind, AcatProgress, AcatSource, AcatTransferStatus, InstrumentType } from '../../api/contract';
import type { Database } from '../db/schema';

// Row types of migration 0006 (the service wrappers). They stay beside the code that uses them, and the
// database handle is widened with Kysely's withTables, so server/db/schema.ts needs no edit for them.

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface InstrumentsTable {
  symbol: string;
  name: string;
  type: InstrumentType;
  exchange: string;
}

export interface ThemesTable {
  id: string;
  name: string;
  description: string;
  position: number;
}

export interface ThemeInstrumentsTable {
  theme_id: string;
  symbol: string;
  position: number;
}

export interface WatchlistsTable {
  id: string;
  user_id: string;
  name: string;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WatchlistItemsTable {
  watchlist_id: string;
  symbol: string;
  position: number;
}

export interface UserSettingsTable {
  user_id: string;
  suggest_tipping: boolean;
  updated_at: Timestamp;
}

export interface AcatDraftsTable {
  id: string;
  user_id: string;
  kind: AcatKind;
  source: AcatSource;
  progress: AcatProgress;
  transfer_status: AcatTransferStatus | null;
  fragments: Json<AcatFragment[]>;
  items: Json<AcatItem[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
  submitted_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
}

export interface AcatOffersTable {
  user_id: string;
  brokerage: string;
  accepted_at: Timestamp;
  /** The finalized overview (POST finalize-offer), null until finalized. */
  overview: ColumnType<unknown, string | null, string | null>;
  updated_at: Timestamp;
}

export interface OptionsRewardsTable {
  user_id: string;
  referral_code: string;
  invited: number;
  qualified: number;
  contracts_this_month: number;
  paid_to_date_cents: number;
  updated_at: Timestamp;
}

export type ServicesTables = {
  instruments: InstrumentsTable;
  themes: ThemesTable;
  theme_instruments: ThemeInstrumentsTable;
  watchlists: WatchlistsTable;
  watchlist_items: WatchlistItemsTable;
  user_settings: UserSettingsTable;
  acat_drafts: AcatDraftsTable;
  acat_offers: AcatOffersTable;
  options_rewards: OptionsRewardsTable;
};

export type ServicesDb = Kysely<Database & ServicesTables>;
export type ServicesTrx = Transaction<Database & ServicesTables>;

/** The same connection, typed with the service tables too. */
export const servicesDb = (db: Kysely<Database>): ServicesDb => db.withTables<ServicesTables>();
