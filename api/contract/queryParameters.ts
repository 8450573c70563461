import type { TObject } from '@sinclair/typebox';
import { CryptoTransfersQuery } from './crypto';
import { IraContributionsQuery } from './deposits';
import { DocumentsQuery } from './documents';
import { InstitutionSearchQuery } from './funding';
import { EventsSocketQuery } from './liveEvents';
import { ApiPaths } from './routes';
import { AcatHintsQuery, BrokerageQuery, InstrumentsQuery, OfferQuery, SearchQuery } from './services';
import { AvailableToWithdrawQuery } from './withdrawals';

/**
 * Every API route that takes query parameters, by "METHOD path", with the closed schema of what it takes. A
 * route not listed takes none: the server answers any parameter it does not declare with 400
 * VALIDATION_FAILED. The server's routes are held to this table (server/security/queryStrings.test.ts) and so
 * are the web app's requests in the unit suites (test/msw/queryGuard.ts). Test-side only: the app's bundle
 * does not import it.
 */
export const API_QUERY_SCHEMAS: Readonly<Record<string, TObject>> = {
  [`GET ${ApiPaths.institutions}`]: InstitutionSearchQuery,
  [`GET ${ApiPaths.iraContributions}`]: IraContributionsQuery,
  [`GET ${ApiPaths.withdrawalsAvailable}`]: AvailableToWithdrawQuery,
  [`GET ${ApiPaths.documents}`]: DocumentsQuery,
  [`GET ${ApiPaths.cryptoTransfers}`]: CryptoTransfersQuery,
  [`GET ${ApiPaths.events}`]: EventsSocketQuery,
  [`GET ${ApiPaths.search}`]: SearchQuery,
  [`GET ${ApiPaths.searchInstruments}`]: InstrumentsQuery,
  [`GET ${ApiPaths.acatAccountNumberHints}`]: AcatHintsQuery,
  [`PUT ${ApiPaths.acatFinalizeOffer}`]: BrokerageQuery,
  [`POST ${ApiPaths.acatFinalizeOffer}`]: OfferQuery,
  [`GET ${ApiPaths.acatFinalizedOverview}`]: OfferQuery,
};
