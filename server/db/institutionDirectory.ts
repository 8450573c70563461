import type { Kysely } from 'kysely';
import { isValidRoutingNumber, type LinkOption } from '../../api/contract';
import type { Database } from './schema';

export interface DirectoryInstitution {
  id: string;
  name: string;
  linkOptions: LinkOption[];
  oauth?: boolean;
  /** The partner's own institution id, when we know it (Plaid's sandbox banks). */
  plaidInstitutionId?: string;
  /** Real ABA routing numbers (each passes the checksum; a test checks them all). */
  routingNumbers: string[];
}

const BOTH: LinkOption[] = ['PLAID', 'VERIFICATION_SERVICE'];
const PARTNER_ONLY: LinkOption[] = ['PLAID'];
const NUMBER_ONLY: LinkOption[] = ['VERIFICATION_SERVICE'];

/**
 * The bank directory behind institution search and the routing-number lookup. The link options vary on
 * purpose so that every branch of the link flow (4.1) can be reached: most banks offer both providers, some
 * only the partner, some only routing and account number, and one neither (straight to the fallbacks).
 * The last three are Plaid's own sandbox institutions; Platypus OAuth Bank exercises the OAuth redirect.
 */
export const INSTITUTION_DIRECTORY: readonly DirectoryInstitution[] = [
  { id: 'chase', name: 'Chase', linkOptions: BOTH, routingNumbers: ['021000021', '322271627'] },
  { id: 'bank-of-america', name: 'Bank of America', linkOptions: BOTH, routingNumbers: ['026009593', '121000358'] },
  { id: 'wells-fargo', name: 'Wells Fargo', linkOptions: BOTH, routingNumbers: ['121000248', '091000019'] },
  { id: 'citibank', name: 'Citibank', linkOptions: BOTH, routingNumbers: ['021000089'] },
  { id: 'us-bank', name: 'U.S. Bank', linkOptions: BOTH, routingNumbers: ['091000022'] },
  { id: 'pnc', name: 'PNC Bank', linkOptions: BOTH, routingNumbers: ['043000096'] },
  { id: 'capital-one', name: 'Capital One', linkOptions: BOTH, routingNumbers: ['051405515'] },
  { id: 'td-bank', name: 'TD Bank', linkOptions: BOTH, routingNumbers: ['031101266'] },
  { id: 'truist', name: 'Truist', linkOptions: BOTH, routingNumbers: ['061000104'] },
  { id: 'fifth-third', name: 'Fifth Third Bank', linkOptions: BOTH, routingNumbers: ['042000314'] },
  { id: 'citizens', name: 'Citizens Bank', linkOptions: BOTH, routingNumbers: ['011500120'] },
  { id: 'huntington', name: 'Huntington Bank', linkOptions: BOTH, routingNumbers: ['044000024'] },
  { id: 'keybank', name: 'KeyBank', linkOptions: BOTH, routingNumbers: ['041001039'] },
  { id: 'regions', name: 'Regions Bank', linkOptions: BOTH, routingNumbers: ['062000019'] },
  { id: 'm-and-t', name: 'M&T Bank', linkOptions: BOTH, routingNumbers: ['022000046'] },
  { id: 'bmo', name: 'BMO', linkOptions: BOTH, routingNumbers: ['071000288'] },
  { id: 'charles-schwab', name: 'Charles Schwab Bank', linkOptions: BOTH, routingNumbers: ['121202211'] },
  { id: 'frost', name: 'Frost Bank', linkOptions: BOTH, routingNumbers: ['114000093'] },
  // Online banks reached through the partner only.
  { id: 'ally', name: 'Ally Bank', linkOptions: PARTNER_ONLY, routingNumbers: ['124003116'] },
  { id: 'sofi', name: 'SoFi Bank', linkOptions: PARTNER_ONLY, routingNumbers: ['031101334'] },
  { id: 'american-express', name: 'American Express National Bank', linkOptions: PARTNER_ONLY, routingNumbers: ['124085066'] },
  // Routing and account number only.
  { id: 'navy-federal', name: 'Navy Federal Credit Union', linkOptions: NUMBER_ONLY, routingNumbers: ['256074974'] },
  { id: 'usaa', name: 'USAA', linkOptions: NUMBER_ONLY, routingNumbers: ['314074269'] },
  { id: 'discover', name: 'Discover Bank', linkOptions: NUMBER_ONLY, routingNumbers: ['031100649'] },
  { id: 'silicon-valley-bank', name: 'Silicon Valley Bank', linkOptions: NUMBER_ONLY, routingNumbers: ['121140399'] },
  // Neither provider: the customer is offered the other funding methods.
  { id: 'goldman-sachs', name: 'Goldman Sachs Bank USA', linkOptions: [], routingNumbers: ['124085244'] },
  // Plaid's sandbox institutions (plaid.com/docs/sandbox/institutions). 011401533 is the routing number
  // Plaid's sandbox reports for its test checking accounts.
  {
    id: 'first-platypus',
    name: 'First Platypus Bank',
    linkOptions: PARTNER_ONLY,
    plaidInstitutionId: 'ins_109508',
    routingNumbers: ['011401533'],
  },
  { id: 'tartan-bank', name: 'Tartan Bank', linkOptions: PARTNER_ONLY, plaidInstitutionId: 'ins_109511', routingNumbers: [] },
  {
    id: 'platypus-oauth',
    name: 'Platypus OAuth Bank',
    linkOptions: PARTNER_ONLY,
    oauth: true,
    plaidInstitutionId: 'ins_127287',
    routingNumbers: [],
  },
];

/**
 * The banks the search opens on before anything is typed, in the order shown: the largest US banks our customers
 * link most, plus one online bank and one credit union so both kinds of link are one click away.
 */
export const POPULAR_INSTITUTION_IDS: readonly string[] = [
  'chase',
  'bank-of-america',
  'wells-fargo',
  'citibank',
  'capital-one',
  'us-bank',
  'ally',
  'navy-federal',
];

/**
 * Writes the directory (insert or update), in every mode: it is reference data, not demo data.
 * Idempotent and safe to run on every start. A database that already holds this version's directory is left
 * alone (two reads instead of about ninety writes: start-up on an existing database, issue 20).
 */
export async function upsertInstitutionDirectory(db: Kysely<Database>): Promise<void> {
  for (const institution of INSTITUTION_DIRECTORY) {
    for (const routingNumber of institution.routingNumbers) {
      if (!isValidRoutingNumber(routingNumber))
        throw new Error(`Directory routing number ${routingNumber} of ${institution.name} fails the ABA checksum`);
    }
  }
  if (await holdsDirectory(db)) return;
  await db.transaction().execute(async (trx) => {
    for (const institution of INSTITUTION_DIRECTORY) {
      const values = directoryRow(institution);
      await trx
        .insertInto('institutions')
        .values({ id: institution.id, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
      await trx.deleteFrom('institution_routing_numbers').where('institution_id', '=', institution.id).execute();
      if (institution.routingNumbers.length > 0) {
        await trx
          .insertInto('institution_routing_numbers')
          .values(institution.routingNumbers.map((routing_number) => ({ routing_number, institution_id: institution.id })))
          .execute();
      }
    }
  });
}

/** The columns the directory writes for one institution. */
function directoryRow(institution: DirectoryInstitution) {
  return {
    name: institution.name,
    logo: null,
    link_options: JSON.stringify(institution.linkOptions),
    oauth: institution.oauth ?? false,
    plaid_institution_id: institution.plaidInstitutionId ?? null,
  };
}

/** Whether every directory institution is stored exactly as this version writes it, with exactly its routing numbers. */
async function holdsDirectory(db: Kysely<Database>): Promise<boolean> {
  const ids = INSTITUTION_DIRECTORY.map((institution) => institution.id);
  const [stored, routing] = await Promise.all([
    db
      .selectFrom('institutions')
      .select(['id', 'name', 'logo', 'link_options', 'oauth', 'plaid_institution_id'])
      .where('id', 'in', ids)
      .execute(),
    db.selectFrom('institution_routing_numbers').select(['institution_id', 'routing_number']).where('institution_id', 'in', ids).execute(),
  ]);
  const storedById = new Map(stored.map((row) => [row.id, row]));
  const routingById = new Map<string, string[]>();
  for (const row of routing) routingById.set(row.institution_id, [...(routingById.get(row.institution_id) ?? []), row.routing_number]);
  return INSTITUTION_DIRECTORY.every((institution) => {
    const row = storedById.get(institution.id);
    if (!row) return false;
    const wanted = directoryRow(institution);
    const storedOptions = typeof row.link_options === 'string' ? row.link_options : JSON.stringify(row.link_options);
    const sameRow =
      row.name === wanted.name &&
      row.logo === wanted.logo &&
      storedOptions === wanted.link_options &&
      row.oauth === wanted.oauth &&
      row.plaid_institution_id === wanted.plaid_institution_id;
    const storedRouting = [...(routingById.get(institution.id) ?? [])].sort();
    return sameRow && JSON.stringify(storedRouting) === JSON.stringify([...institution.routingNumbers].sort());
  });
}
