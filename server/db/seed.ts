import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  addDays,
  firstRunOnOrAfter,
  recurringStartDate,
  VARIANT_LABELS,
  type AccountVariant,
  type ApplicationStatus,
  type UserType,
  type Weekday,
} from '../../api/contract';
import { INSTANT_BANK_BUYING_POWER_CENTS } from '../../api/contract/fundsAvailability';
import { bankTimeline, initialEvents } from '../domain/depositTimeline';
import { achBatchDay, marketDate, marketTime, previousBusinessDay } from '../../api/contract/bankCalendar';
import { hashPassword } from '../domain/passwords';
import { addMissingDemoServiceData, insertDemoServiceData } from './seeds/services';
import { addMissingDemoPositions, insertDemoPositions } from './seeds/positions';
import { addMissingDemoOnboardingCrypto, insertDemoOnboardingCrypto, ONBOARDING_DEMO_CUSTOMERS } from './seedOnboarding';
import { issueDemoDocuments } from '../domain/documentsSeed';
import { insertDemoProfileData } from './seeds/profile';
import { countUsers } from '../repositories/users';
import { upsertInstitutionDirectory } from './institutionDirectory';
import type { AccountAction, Database, NewPaymentMethod, StoredAddress, UserStatus } from './schema';

/** The one password of every demo customer (sandbox mode only; live mode refuses demo logins). */
export const DEMO_PASSWORD = 'fundflow-demo';

interface DemoAccount {
  accountId: string;
  number: string;
  variant: AccountVariant;
  balanceCents: number;
  type: 'margin' | 'cash';
  dateJoined: string;
  status?: 'OPEN' | 'PENDING' | 'ACTION_REQUIRED';
  /** accountId of the account this one hangs under (IRAs and cash under the brokerage account). */
  parent?: string;
  actions?: AccountAction[];
}

type DemoPaymentMethod = Omit<NewPaymentMethod, 'id' | 'user_id' | 'created_at'> & {
  createdAt: string;
  /** A pending micro-deposit method's two deposits, in cents. */
  microDeposits?: [number, number];
};

/** A past deposit of a demo customer, dated relative to the moment the demo data is written. */
interface DemoDeposit {
  /** accountId of the destination account. */
  account: string;
  /** Index of the funding method in the customer's paymentMethods. */
  method: number;
  amountCents: number;
  /** Settled some days ago; in transit (sent to the bank, settling in the next days); or not sent yet (cancellable). */
  when: { settledDaysAgo: number } | 'inTransit' | 'cancellable';
}

interface DemoRecurringDeposit {
  account: string;
  method: number;
  amountCents: number;
  frequency: 'WEEKLY' | 'FORTNIGHTLY' | 'MONTHLY';
  dayOfMonth?: number;
  dayOfWeek?: Weekday;
  startedDaysAgo: number;
}

/** IRA contributions recorded without a deposit (made before the history starts). */
interface DemoIraContribution {
  account: string;
  taxYear: 'current' | 'previous';
  amountCents: number;
}

interface DemoCustomer {
  email: string;
  description: string;
  firstName: string;
  lastName: string;
  userType: UserType;
  status: UserStatus;
  applicationStatus: ApplicationStatus;
  mustAcceptTerms: boolean;
  hasFunded: boolean;
  createdAt: string;
  /** 'yyyy-MM-dd'; null for an entity. Decides IRA catch-up contributions (50 or older). */
  birthDate: string | null;
  deposits?: DemoDeposit[];
  recurringDeposits?: DemoRecurringDeposit[];
  iraContributions?: DemoIraContribution[];
  /** Street address on file; absent for a customer who never gave one. */
  address?: StoredAddress;
  accounts: DemoAccount[];
  paymentMethods: DemoPaymentMethod[];
}

function bank(
  fields: Pick<DemoPaymentMethod, 'display_name' | 'last4' | 'issuing_bank' | 'is_default' | 'amount_deposited_cents' | 'createdAt'> &
    Partial<DemoPaymentMethod>,
): DemoPaymentMethod {
  return {
    type: 'ACH',
    original_name: fields.display_name,
    status: 'APPROVED',
    readiness: 'READY',
    verification_status: 'VERIFIED',
    bank_account_type: 'CHECKING',
    verification_source: 'PLAID',
    plaid_login_required: false,
    deposit_limit_cents: 5_000_000,
    updatable: false,
    can_update_nickname: true,
    approval_method: 'INSTANT',
    approval_amount_cents: null,
    ...fields,
  };
}

// Realistic but fictional people; account numbers are made up and belong to no real institution.
export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  {
    email: 'alex@fundflow.test',
    description:
      'Individual, funded: brokerage, traditional IRA, Roth IRA and high-yield cash; a default bank and a debit card; deposit history, a monthly recurring deposit and IRA contributions',
    firstName: 'Alex',
    lastName: 'Morgan',
    userType: 'INDIVIDUAL',
    status: 'ACTIVE',
    applicationStatus: 'COMPLETE',
    mustAcceptTerms: false,
    hasFunded: true,
    createdAt: '2023-03-14T15:20:00Z',
    birthDate: '1990-04-18',
    deposits: [
      { account: '5001001', method: 0, amountCents: 250_000, when: { settledDaysAgo: 40 } },
      { account: '5001001', method: 1, amountCents: 30_000, when: { settledDaysAgo: 25 } },
      { account: '5001004', method: 0, amountCents: 15_000, when: 'inTransit' },
      { account: '5001001', method: 0, amountCents: 10_000, when: 'cancellable' },
    ],
    recurringDeposits: [{ account: '5001001', method: 0, amountCents: 25_000, frequency: 'MONTHLY', dayOfMonth: 15, startedDaysAgo: 60 }],
    iraContributions: [
      { account: '5001002', taxYear: 'current', amountCents: 150_000 },
      { account: '5001003', taxYear: 'current', amountCents: 100_000 },
      { account: '5001002', taxYear: 'previous', amountCents: 400_000 },
      { account: '5001003', taxYear: 'previous', amountCents: 200_000 },
    ],
    address: { address1: '1450 Larkin Street', address2: 'Apt 5', city: 'San Francisco', state: 'CA', zipcode: '94109' },
    accounts: [
      { accountId: '5001001', number: '482139075', variant: 'US', balanceCents: 1_248_055, type: 'margin', dateJoined: '2023-03-14' },
      {
        accountId: '5001002',
        number: '482139076',
        variant: 'TRADITIONAL_IRA',
        balanceCents: 650_000,
        type: 'cash',
        dateJoined: '2023-06-02',
        parent: '5001001',
      },
      {
        accountId: '5001003',
        number: '482139077',
        variant: 'ROTH_IRA',
        balanceCents: 321_040,
        type: 'cash',
        dateJoined: '2024-01-09',
        parent: '5001001',
      },
      {
        accountId: '5001004',
        number: '482139078',
        variant: 'HIGH_YIELD',
        balanceCents: 205_518,
        type: 'cash',
        dateJoined: '2024-04-22',
        parent: '5001001',
      },
    ],
    paymentMethods: [
      bank({
        display_name: 'Chase Total Checking',
        last4: '6789',
        issuing_bank: 'Chase',
        institution_id: 'chase',
        is_default: true,
        amount_deposited_cents: 1_500_000,
        createdAt: '2023-03-15T10:02:00Z',
      }),
      {
        type: 'DEBIT_CARD',
        display_name: 'Visa debit card',
        original_name: 'Visa debit card',
        last4: '4242',
        is_default: false,
        createdAt: '2024-02-11T18:45:00Z',
        status: 'APPROVED',
        readiness: 'READY',
        verification_status: 'VERIFIED',
        bank_account_type: null,
        verification_source: null,
        plaid_login_required: false,
        amount_deposited_cents: 30_000,
        deposit_limit_cents: 250_000,
        updatable: true,
        issuing_bank: 'Chase',
        can_update_nickname: false,
        approval_method: 'INSTANT',
        approval_amount_cents: null,
        card_brand: 'visa',
        card_fingerprint: 'sandbox-seed-alex-visa',
        card_exp_month: 8,
        card_exp_year: 2029,
      },
    ],
  },
  {
    email: 'new@fundflow.test',
    description: 'Individual, never funded: an empty brokerage account and one linked bank ready for a first deposit',
    firstName: 'Jordan',
    lastName: 'Lee',
    userType: 'INDIVIDUAL',
    status: 'ACTIVE',
    applicationStatus: 'COMPLETE',
    mustAcceptTerms: false,
    hasFunded: false,
    createdAt: '2025-09-30T09:12:00Z',
    birthDate: '1998-07-02',
    address: { address1: '88 Elm Street', address2: null, city: 'Portland', state: 'OR', zipcode: '97205' },
    accounts: [{ accountId: '5002001', number: '730418552', variant: 'US', balanceCents: 0, type: 'cash', dateJoined: '2025-09-30' }],
    paymentMethods: [
      bank({
        display_name: 'Wells Fargo Everyday Checking',
        last4: '3310',
        issuing_bank: 'Wells Fargo',
        institution_id: 'wells-fargo',
        is_default: true,
        amount_deposited_cents: 0,
        createdAt: '2025-10-01T08:30:00Z',
      }),
    ],
  },
  {
    email: 'joint@fundflow.test',
    description: 'Joint customer (JOINT) with a funded joint brokerage account and a savings account linked (at its deposit limit)',
    firstName: 'Priya',
    lastName: 'Patel',
    userType: 'JOINT',
    status: 'ACTIVE',
    applicationStatus: 'COMPLETE',
    mustAcceptTerms: false,
    hasFunded: true,
    createdAt: '2024-05-18T12:00:00Z',
    birthDate: '1968-11-05',
    deposits: [{ account: '5003001', method: 0, amountCents: 500_000, when: { settledDaysAgo: 60 } }],
    address: { address1: '240 Maple Avenue', address2: null, city: 'Austin', state: 'TX', zipcode: '78704' },
    accounts: [
      { accountId: '5003001', number: '615720984', variant: 'US', balanceCents: 4_810_233, type: 'margin', dateJoined: '2024-05-18' },
    ],
    paymentMethods: [
      bank({
        display_name: 'Bank of America Advantage Savings',
        last4: '5521',
        issuing_bank: 'Bank of America',
        institution_id: 'bank-of-america',
        is_default: true,
        bank_account_type: 'SAVINGS',
        amount_deposited_cents: 5_000_000,
        createdAt: '2024-05-19T14:10:00Z',
      }),
    ],
  },
  {
    email: 'entity@fundflow.test',
    description: 'Entity customer (ENTITY) with an entity brokerage account for Northwind Holdings LLC',
    firstName: 'Morgan',
    lastName: 'Chen',
    userType: 'ENTITY',
    status: 'ACTIVE',
    applicationStatus: 'COMPLETE',
    mustAcceptTerms: false,
    hasFunded: true,
    createdAt: '2024-11-04T16:30:00Z',
    birthDate: null,
    deposits: [{ account: '5004001', method: 0, amountCents: 2_500_000, when: { settledDaysAgo: 30 } }],
    address: { address1: '500 Howard Street', address2: 'Suite 300', city: 'San Francisco', state: 'CA', zipcode: '94105' },
    accounts: [
      { accountId: '5004001', number: '9047713268', variant: 'ENTITY', balanceCents: 12_550_000, type: 'cash', dateJoined: '2024-11-04' },
    ],
    paymentMethods: [
      bank({
        display_name: 'Northwind Operating Account',
        last4: '0457',
        issuing_bank: 'Silicon Valley Bank',
        institution_id: 'silicon-valley-bank',
        is_default: true,
        amount_deposited_cents: 12_500_000,
        deposit_limit_cents: 25_000_000,
        verification_source: 'VERIFICATION_SERVICE',
        createdAt: '2024-11-05T09:00:00Z',
      }),
    ],
  },
  {
    email: 'closed@fundflow.test',
    description: 'Closed customer (status CLOSED): can sign in and is sent to their documents',
    firstName: 'Casey',
    lastName: 'Brooks',
    userType: 'INDIVIDUAL',
    status: 'CLOSED',
    applicationStatus: 'COMPLETE',
    mustAcceptTerms: false,
    hasFunded: true,
    createdAt: '2022-08-21T11:00:00Z',
    birthDate: '1979-01-30',
    address: { address1: '19 Harbor Road', address2: null, city: 'Boston', state: 'MA', zipcode: '02110' },
    accounts: [{ accountId: '5005001', number: '351906247', variant: 'US', balanceCents: 0, type: 'cash', dateJoined: '2022-08-21' }],
    paymentMethods: [],
  },
  {
    email: 'terms@fundflow.test',
    description: 'Must accept the new terms first (mustAcceptTerms, account action ACCEPT_TERMS)',
    firstName: 'Taylor',
    lastName: 'Reed',
    userType: 'INDIVIDUAL',
    status: 'ACTIVE',
    applicationStatus: 'COMPLETE',
    mustAcceptTerms: true,
    hasFunded: true,
    createdAt: '2023-10-02T13:40:00Z',
    birthDate: '1985-06-12',
    deposits: [{ account: '5006001', method: 0, amountCents: 100_000, when: { settledDaysAgo: 90 } }],
    address: { address1: '3200 Peachtree Road', address2: null, city: 'Atlanta', state: 'GA', zipcode: '30305' },
    accounts: [
      {
        accountId: '5006001',
        number: '268450193',
        variant: 'US',
        balanceCents: 98_765,
        type: 'cash',
        dateJoined: '2023-10-02',
        actions: ['ACCEPT_TERMS'],
      },
    ],
    paymentMethods: [
      bank({
        display_name: 'Citi Access Checking',
        last4: '8812',
        issuing_bank: 'Citibank',
        institution_id: 'citibank',
        is_default: true,
        amount_deposited_cents: 100_000,
        createdAt: '2023-10-03T10:00:00Z',
      }),
    ],
  },
  {
    email: 'pending@fundflow.test',
    description: 'Application under review (applicationStatus PENDING, account PENDING), nothing linked yet',
    firstName: 'Jamie',
    lastName: 'Ortiz',
    userType: 'INDIVIDUAL',
    status: 'ACTIVE',
    applicationStatus: 'PENDING',
    mustAcceptTerms: false,
    hasFunded: false,
    createdAt: '2026-01-12T17:05:00Z',
    birthDate: '1995-03-08',
    address: { address1: '71 Canal Street', address2: null, city: 'Chicago', state: 'IL', zipcode: '60606' },
    accounts: [
      {
        accountId: '5007001',
        number: '804123657',
        variant: 'US',
        balanceCents: 0,
        type: 'cash',
        dateJoined: '2026-01-12',
        status: 'PENDING',
      },
    ],
    paymentMethods: [],
  },
  {
    email: 'relink@fundflow.test',
    description: 'Individual whose partner-linked Chase checking needs relinking (plaidLoginRequired): the relink banner',
    firstName: 'Riley',
    lastName: 'Nguyen',
    userType: 'INDIVIDUAL',
    status: 'ACTIVE',
    applicationStatus: 'COMPLETE',
    mustAcceptTerms: false,
    hasFunded: true,
    createdAt: '2024-07-08T10:00:00Z',
    birthDate: '1987-09-21',
    deposits: [{ account: '5008001', method: 0, amountCents: 400_000, when: { settledDaysAgo: 100 } }],
    address: { address1: '615 Pine Street', address2: null, city: 'Seattle', state: 'WA', zipcode: '98101' },
    accounts: [{ accountId: '5008001', number: '917364028', variant: 'US', balanceCents: 415_210, type: 'cash', dateJoined: '2024-07-08' }],
    paymentMethods: [
      bank({
        type: 'PLAID_ACCOUNT',
        display_name: 'Household bills',
        original_name: 'Plaid Checking',
        last4: '0000',
        issuing_bank: 'Chase',
        institution_id: 'chase',
        partner_item_id: 'item-sandbox-seed-relink',
        partner_account_id: 'acc-sandbox-seed-relink',
        plaid_login_required: true,
        is_default: true,
        amount_deposited_cents: 400_000,
        createdAt: '2024-07-09T09:30:00Z',
      }),
    ],
  },
  {
    email: 'micro@fundflow.test',
    description: 'Individual with a verified bank and a second bank waiting for its two micro-deposits to be confirmed',
    firstName: 'Sam',
    lastName: 'Okafor',
    userType: 'INDIVIDUAL',
    status: 'ACTIVE',
    applicationStatus: 'COMPLETE',
    mustAcceptTerms: false,
    hasFunded: true,
    createdAt: '2025-02-03T14:00:00Z',
    birthDate: '1972-12-14',
    deposits: [{ account: '5009001', method: 0, amountCents: 120_000, when: { settledDaysAgo: 20 } }],
    address: { address1: '1200 Commerce Street', address2: null, city: 'Dallas', state: 'TX', zipcode: '75202' },
    accounts: [{ accountId: '5009001', number: '640281937', variant: 'US', balanceCents: 120_000, type: 'cash', dateJoined: '2025-02-03' }],
    paymentMethods: [
      bank({
        display_name: 'PNC Virtual Wallet',
        last4: '4410',
        issuing_bank: 'PNC Bank',
        institution_id: 'pnc',
        is_default: true,
        amount_deposited_cents: 120_000,
        createdAt: '2025-02-04T09:00:00Z',
      }),
      bank({
        display_name: 'Navy Federal Credit Union account',
        last4: '7312',
        issuing_bank: 'Navy Federal Credit Union',
        institution_id: 'navy-federal',
        is_default: false,
        amount_deposited_cents: 0,
        bank_account_type: 'SAVINGS',
        status: 'PENDING',
        readiness: 'VERIFICATION_NEEDED',
        verification_status: 'UNVERIFIED',
        verification_source: 'MICRO_DEPOSIT',
        approval_method: 'MICRO_DEPOSIT',
        createdAt: '2026-02-26T16:20:00Z',
        microDeposits: [32, 45],
      }),
    ],
  },
  {
    email: 'unverified@fundflow.test',
    description: 'Individual whose only bank needs a statement to be verified (VERIFICATION_NEEDED); no street address on file',
    firstName: 'Dana',
    lastName: 'Kowalski',
    userType: 'INDIVIDUAL',
    status: 'ACTIVE',
    applicationStatus: 'COMPLETE',
    mustAcceptTerms: false,
    hasFunded: false,
    createdAt: '2025-11-20T11:45:00Z',
    birthDate: '1993-05-27',
    accounts: [{ accountId: '5010001', number: '358102746', variant: 'US', balanceCents: 0, type: 'cash', dateJoined: '2025-11-20' }],
    paymentMethods: [
      bank({
        display_name: 'TD Bank account',
        last4: '9021',
        issuing_bank: 'TD Bank',
        institution_id: 'td-bank',
        is_default: false,
        amount_deposited_cents: 0,
        status: 'PENDING',
        readiness: 'VERIFICATION_NEEDED',
        verification_status: 'UNVERIFIED',
        verification_source: 'VERIFICATION_SERVICE',
        createdAt: '2025-11-21T10:00:00Z',
      }),
    ],
  },
  {
    email: 'card@fundflow.test',
    description: 'Individual with one linked bank, no debit card and an address on file: room to add a debit card',
    firstName: 'Chris',
    lastName: 'Alvarez',
    userType: 'INDIVIDUAL',
    status: 'ACTIVE',
    applicationStatus: 'COMPLETE',
    mustAcceptTerms: false,
    hasFunded: true,
    createdAt: '2024-09-15T08:00:00Z',
    birthDate: '1983-08-09',
    address: { address1: '42 Wallaby Way', address2: null, city: 'Denver', state: 'CO', zipcode: '80202' },
    accounts: [{ accountId: '5011001', number: '729183640', variant: 'US', balanceCents: 310_000, type: 'cash', dateJoined: '2024-09-15' }],
    paymentMethods: [
      bank({
        display_name: 'U.S. Bank Smartly Checking',
        last4: '2468',
        issuing_bank: 'U.S. Bank',
        institution_id: 'us-bank',
        is_default: true,
        amount_deposited_cents: 310_000,
        createdAt: '2024-09-16T12:00:00Z',
      }),
    ],
  },
  {
    email: 'full@fundflow.test',
    description: 'Individual at every limit: three linked banks and a debit card (nothing more can be added)',
    firstName: 'Robin',
    lastName: 'Hayes',
    userType: 'INDIVIDUAL',
    status: 'ACTIVE',
    applicationStatus: 'COMPLETE',
    mustAcceptTerms: false,
    hasFunded: true,
    createdAt: '2023-05-05T09:00:00Z',
    birthDate: '1970-02-17',
    deposits: [
      { account: '5012001', method: 0, amountCents: 1_000_000, when: { settledDaysAgo: 75 } },
      { account: '5012001', method: 2, amountCents: 750_000, when: { settledDaysAgo: 45 } },
    ],
    address: { address1: '900 Brickell Avenue', address2: 'Unit 1204', city: 'Miami', state: 'FL', zipcode: '33131' },
    accounts: [
      { accountId: '5012001', number: '583019264', variant: 'US', balanceCents: 2_250_000, type: 'margin', dateJoined: '2023-05-05' },
    ],
    paymentMethods: [
      bank({
        display_name: 'Capital One 360 Checking',
        last4: '1357',
        issuing_bank: 'Capital One',
        institution_id: 'capital-one',
        is_default: true,
        amount_deposited_cents: 1_000_000,
        createdAt: '2023-05-06T09:00:00Z',
      }),
      bank({
        display_name: 'Ally Online Savings',
        last4: '8642',
        issuing_bank: 'Ally Bank',
        institution_id: 'ally',
        bank_account_type: 'SAVINGS',
        is_default: false,
        amount_deposited_cents: 500_000,
        createdAt: '2023-08-12T09:00:00Z',
      }),
      bank({
        display_name: 'Truist One Checking',
        last4: '9753',
        issuing_bank: 'Truist',
        institution_id: 'truist',
        verification_source: 'VERIFICATION_SERVICE',
        is_default: false,
        amount_deposited_cents: 750_000,
        createdAt: '2024-01-20T09:00:00Z',
      }),
      {
        type: 'DEBIT_CARD',
        display_name: 'Mastercard debit card',
        original_name: 'Mastercard debit card',
        last4: '8210',
        is_default: false,
        createdAt: '2024-03-02T18:00:00Z',
        status: 'APPROVED',
        readiness: 'READY',
        verification_status: 'VERIFIED',
        bank_account_type: null,
        verification_source: null,
        plaid_login_required: false,
        amount_deposited_cents: 0,
        deposit_limit_cents: 250_000,
        updatable: true,
        issuing_bank: null,
        can_update_nickname: false,
        approval_method: 'INSTANT',
        approval_amount_cents: null,
        card_brand: 'mastercard',
        card_fingerprint: 'sandbox-seed-full-mastercard',
        card_exp_month: 12,
        card_exp_year: 2029,
      },
    ],
  },
  // Onboarding (issue 5): an application to finish on /setup-investing (seedOnboarding.ts).
  ...ONBOARDING_DEMO_CUSTOMERS,
];

/** Email and one line each, for the start-up banner and the README's table. */
export const DEMO_LOGINS: ReadonlyArray<{ email: string; description: string }> = DEMO_CUSTOMERS.map(({ email, description }) => ({
  email,
  description,
}));

const DEFAULT_ACCOUNT_SETTINGS = { fractionalTrading: true, dividendReinvestment: false, paperlessStatements: true };

/**
 * Adds the demo customers (fixed, realistic dates, so screenshots and tests stay stable) when the database has none at all (a fresh database); otherwise does nothing.
 * Returns whether it seeded.
 */
export async function seedDemoDataIfEmpty(db: Kysely<Database>, now: Date = new Date()): Promise<boolean> {
  // The directory is reference data the demo methods point at; it is written (idempotently) first.
  await upsertInstitutionDirectory(db);
  if ((await countUsers(db)) > 0) return false;
  // Hash before the transaction: scrypt is slow and needs no connection.
  const passwordHashes = await Promise.all(DEMO_CUSTOMERS.map(() => hashPassword(DEMO_PASSWORD)));
  await db.transaction().execute(async (trx) => {
    // Re-check inside the transaction: another instance may have seeded meanwhile.
    const existing = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (existing) return;
    for (const [index, customer] of DEMO_CUSTOMERS.entries()) {
      await insertCustomer(trx, customer, passwordHashes[index], now);
    }
  });
  return true;
}

/**
 * A demo database made by an earlier version lacks the demo customers added since. In a database that holds
 * only demo customers, adds each demo customer whose email is not taken; returns the emails it added. A
 * database with any real customer is left alone.
 */
export async function addMissingDemoCustomers(db: Kysely<Database>, now: Date = new Date()): Promise<string[]> {
  const realCustomer = await db.selectFrom('users').select('id').where('is_demo', '=', false).limit(1).executeTakeFirst();
  if (realCustomer) return [];
  // Demo databases made before the service wrappers (migration 0006) get their watchlists, settings and transfers.
  await addMissingDemoServiceData(db, now);
  // Demo customers seeded before positions existed get theirs (portfolio, issue 5).
  await addMissingDemoPositions(db, now);
  // ...and their crypto transfers and started applications (migration 0010).
  await addMissingDemoOnboardingCrypto(db, now);
  const taken = new Set((await db.selectFrom('users').select('email').execute()).map((row) => row.email));
  const missing = DEMO_CUSTOMERS.filter((customer) => !taken.has(customer.email));
  if (missing.length === 0) return [];
  const passwordHashes = await Promise.all(missing.map(() => hashPassword(DEMO_PASSWORD)));
  const added: string[] = [];
  await db.transaction().execute(async (trx) => {
    for (const [index, customer] of missing.entries()) {
      // Re-check inside the transaction: another instance may have added it meanwhile.
      const exists = await trx.selectFrom('users').select('id').where('email', '=', customer.email).executeTakeFirst();
      if (exists) continue;
      await insertCustomer(trx, customer, passwordHashes[index], now);
      added.push(customer.email);
    }
  });
  return added;
}

async function insertCustomer(trx: Transaction<Database>, customer: DemoCustomer, passwordHash: string, now: Date): Promise<void> {
  const userId = randomUUID();
  await trx
    .insertInto('users')
    .values({
      id: userId,
      email: customer.email,
      password_hash: passwordHash,
      first_name: customer.firstName,
      last_name: customer.lastName,
      user_type: customer.userType,
      status: customer.status,
      application_status: customer.applicationStatus,
      must_accept_terms: customer.mustAcceptTerms,
      has_funded: customer.hasFunded,
      events_subscription_id: `evt_${randomBytes(12).toString('hex')}`,
      is_demo: true,
      created_at: customer.createdAt,
      address1: customer.address?.address1 ?? null,
      address2: customer.address?.address2 ?? null,
      city: customer.address?.city ?? null,
      state: customer.address?.state ?? null,
      zipcode: customer.address?.zipcode ?? null,
      birth_date: customer.birthDate,
    })
    .execute();

  const accountUuids = new Map<string, string>();
  for (const account of customer.accounts) {
    const accountUuid = randomUUID();
    accountUuids.set(account.accountId, accountUuid);
    await trx
      .insertInto('accounts')
      .values({
        id: accountUuid,
        account_id: account.accountId,
        user_id: userId,
        account_number: account.number,
        variant: account.variant,
        status: account.status ?? 'OPEN',
        display_name: customer.userType === 'ENTITY' ? 'Northwind Holdings LLC' : VARIANT_LABELS[account.variant],
        parent_account_id: account.parent ?? null,
        balance_cents: account.balanceCents,
        account_type: account.type,
        user_type: customer.userType,
        date_joined: account.dateJoined,
        has_funded: account.balanceCents > 0 || customer.hasFunded,
        settings: JSON.stringify(DEFAULT_ACCOUNT_SETTINGS),
        actions: JSON.stringify(account.actions ?? []),
        created_at: `${account.dateJoined}T12:00:00Z`,
      })
      .execute();
  }

  const methodIds: string[] = [];
  for (const { createdAt, microDeposits, ...method } of customer.paymentMethods) {
    const id = randomUUID();
    methodIds.push(id);
    await trx
      .insertInto('payment_methods')
      .values({ ...method, id, user_id: userId, created_at: createdAt })
      .execute();
    if (microDeposits) {
      await trx
        .insertInto('micro_deposit_challenges')
        .values({
          payment_method_id: id,
          amount1_cents: microDeposits[0],
          amount2_cents: microDeposits[1],
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
    }
  }

  await insertDemoMoney(
    trx,
    userId,
    customer,
    now,
    (accountId) => accountUuids.get(accountId)!,
    (index) => methodIds[index],
  );
  await insertDemoServiceData(trx, userId, customer.email, now);
  await insertDemoPositions(trx, customer.email, (accountId) => accountUuids.get(accountId), now);
  await insertDemoOnboardingCrypto(trx, userId, customer.email, now);
  // Statements, trade confirmations and tax forms from the data above (server/domain/documentsSeed.ts).
  await issueDemoDocuments(trx, userId, now);
  // Profile settings (investing profile, trusted contact, beneficiaries, owners, membership): server/db/seeds/profile.ts.
  await insertDemoProfileData(trx, userId, customer.email, (accountId) => accountUuids.get(accountId), now);
}

/** The customer's deposit history, recurring schedules and IRA contributions, dated relative to `now`. */
async function insertDemoMoney(
  trx: Transaction<Database>,
  userId: string,
  customer: DemoCustomer,
  now: Date,
  accountUuid: (accountId: string) => string,
  methodId: (index: number) => string,
): Promise<void> {
  const displayName = (accountId: string) =>
    customer.userType === 'ENTITY'
      ? 'Northwind Holdings LLC'
      : VARIANT_LABELS[customer.accounts.find((account) => account.accountId === accountId)!.variant];

  for (const deposit of customer.deposits ?? []) {
    const method = customer.paymentMethods[deposit.method];
    const sourceType = method.type === 'DEBIT_CARD' ? 'DEBIT_CARD' : 'BANK';
    const createdAt =
      deposit.when === 'inTransit'
        ? // 2 pm on the previous business day: sent at that day's cut-off, settling in the next days.
          marketTime(previousBusinessDay(marketDate(now)), 14, 0)
        : deposit.when === 'cancellable'
          ? new Date(now.getTime() - 60_000)
          : new Date(now.getTime() - deposit.when.settledDaysAgo * 86_400_000);
    const timeline = sourceType === 'BANK' ? bankTimeline(createdAt) : { sendAt: createdAt, settleAt: createdAt };
    const settled = typeof deposit.when === 'object';
    const instantCents = sourceType === 'DEBIT_CARD' ? deposit.amountCents : Math.min(deposit.amountCents, INSTANT_BANK_BUYING_POWER_CENTS);
    const id = randomUUID();
    await trx
      .insertInto('deposits')
      .values({
        id,
        user_id: userId,
        kind: 'DEPOSIT',
        status: 'CONFIRMED',
        type: 'DEPOSIT',
        source_type: sourceType,
        amount_cents: deposit.amountCents,
        instant_cents: instantCents,
        account_id: accountUuid(deposit.account),
        payment_method_id: methodId(deposit.method),
        created_at: createdAt,
        batch_day: sourceType === 'BANK' ? achBatchDay(createdAt) : null,
        send_at: timeline.sendAt,
        settle_at: timeline.settleAt,
        settled_at: settled || sourceType === 'DEBIT_CARD' ? timeline.settleAt : null,
      })
      .execute();
    const events = initialEvents({
      sourceType,
      type: 'DEPOSIT',
      amountCents: deposit.amountCents,
      instantCents,
      createdAt,
      settleAt: timeline.settleAt,
      scheduled: false,
      destinationName: displayName(deposit.account),
    });
    await trx
      .insertInto('deposit_events')
      .values(
        events.map((event, position) => ({
          deposit_id: id,
          position,
          type: event.type,
          description: event.description,
          completed: event.completed || settled,
          occurred_at: event.occurredAt,
        })),
      )
      .execute();
  }

  const today = marketDate(now);
  for (const recurring of customer.recurringDeposits ?? []) {
    const schedule = { frequency: recurring.frequency, dayOfMonth: recurring.dayOfMonth ?? null, dayOfWeek: recurring.dayOfWeek ?? null };
    await trx
      .insertInto('recurring_deposits')
      .values({
        id: randomUUID(),
        user_id: userId,
        account_id: accountUuid(recurring.account),
        payment_method_id: methodId(recurring.method),
        funding_source_type: 'ACH',
        amount_cents: recurring.amountCents,
        frequency: recurring.frequency,
        day_of_week: schedule.dayOfWeek,
        day_of_month: schedule.dayOfMonth,
        start_date: addDays(today, -recurring.startedDaysAgo),
        // The day the next deposit is really made (bank calendar), as the scheduler stores it.
        next_occurrence_date: firstRunOnOrAfter(schedule, recurringStartDate(today)).date,
        status: 'ACTIVE',
        pause_reason: null,
        ira_contribution_year: null,
        created_at: new Date(now.getTime() - recurring.startedDaysAgo * 86_400_000),
        updated_at: now,
      })
      .execute();
  }

  const year = Number(today.slice(0, 4));
  for (const contribution of customer.iraContributions ?? []) {
    const current = contribution.taxYear === 'current';
    await trx
      .insertInto('ira_contributions')
      .values({
        id: randomUUID(),
        user_id: userId,
        account_id: accountUuid(contribution.account),
        tax_year: current ? year : year - 1,
        amount_cents: contribution.amountCents,
        deposit_id: null,
        contributed_at: current ? new Date(now.getTime() - 3_600_000) : `${year - 1}-12-01T15:00:00Z`,
      })
      .execute();
  }
}
