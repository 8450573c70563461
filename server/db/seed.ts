import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { VARIANT_LABELS, type AccountVariant, type ApplicationStatus, type UserType } from '../../api/contract';
import { hashPassword } from '../domain/passwords';
import { countUsers } from '../repositories/users';
import type { AccountAction, Database, NewPaymentMethod, UserStatus } from './schema';

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

type DemoPaymentMethod = Omit<NewPaymentMethod, 'id' | 'user_id' | 'created_at'> & { createdAt: string };

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
    description: 'Individual, funded: brokerage, traditional IRA, Roth IRA and high-yield cash; a default bank and a debit card',
    firstName: 'Alex',
    lastName: 'Morgan',
    userType: 'INDIVIDUAL',
    status: 'ACTIVE',
    applicationStatus: 'COMPLETE',
    mustAcceptTerms: false,
    hasFunded: true,
    createdAt: '2023-03-14T15:20:00Z',
    accounts: [
      { accountId: '5001001', number: '482139075', variant: 'US', balanceCents: 1_248_055, type: 'margin', dateJoined: '2023-03-14' },
      { accountId: '5001002', number: '482139076', variant: 'TRADITIONAL_IRA', balanceCents: 650_000, type: 'cash', dateJoined: '2023-06-02', parent: '5001001' },
      { accountId: '5001003', number: '482139077', variant: 'ROTH_IRA', balanceCents: 321_040, type: 'cash', dateJoined: '2024-01-09', parent: '5001001' },
      { accountId: '5001004', number: '482139078', variant: 'HIGH_YIELD', balanceCents: 205_518, type: 'cash', dateJoined: '2024-04-22', parent: '5001001' },
    ],
    paymentMethods: [
      bank({
        display_name: 'Chase Total Checking',
        last4: '6789',
        issuing_bank: 'Chase',
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
    accounts: [{ accountId: '5002001', number: '730418552', variant: 'US', balanceCents: 0, type: 'cash', dateJoined: '2025-09-30' }],
    paymentMethods: [
      bank({
        display_name: 'Wells Fargo Everyday Checking',
        last4: '3310',
        issuing_bank: 'Wells Fargo',
        is_default: true,
        amount_deposited_cents: 0,
        createdAt: '2025-10-01T08:30:00Z',
      }),
    ],
  },
  {
    email: 'joint@fundflow.test',
    description: 'Joint customer (JOINT) with a funded joint brokerage account and a savings account linked',
    firstName: 'Priya',
    lastName: 'Patel',
    userType: 'JOINT',
    status: 'ACTIVE',
    applicationStatus: 'COMPLETE',
    mustAcceptTerms: false,
    hasFunded: true,
    createdAt: '2024-05-18T12:00:00Z',
    accounts: [{ accountId: '5003001', number: '615720984', variant: 'US', balanceCents: 4_810_233, type: 'margin', dateJoined: '2024-05-18' }],
    paymentMethods: [
      bank({
        display_name: 'Bank of America Advantage Savings',
        last4: '5521',
        issuing_bank: 'Bank of America',
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
    accounts: [
      { accountId: '5004001', number: '9047713268', variant: 'ENTITY', balanceCents: 12_550_000, type: 'cash', dateJoined: '2024-11-04' },
    ],
    paymentMethods: [
      bank({
        display_name: 'Northwind Operating Account',
        last4: '0457',
        issuing_bank: 'Silicon Valley Bank',
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
    accounts: [
      { accountId: '5007001', number: '804123657', variant: 'US', balanceCents: 0, type: 'cash', dateJoined: '2026-01-12', status: 'PENDING' },
    ],
    paymentMethods: [],
  },
];

/** Email and one line each, for the start-up banner and the README. */
export const DEMO_LOGINS: ReadonlyArray<{ email: string; description: string }> = DEMO_CUSTOMERS.map(({ email, description }) => ({
  email,
  description,
}));

const DEFAULT_ACCOUNT_SETTINGS = { fractionalTrading: true, dividendReinvestment: false, paperlessStatements: true };

/**
 * Adds the demo customers (fixed, realistic dates, so screenshots and tests stay stable) when the database has none at all (a fresh database); otherwise does nothing.
 * Returns whether it seeded.
 */
export async function seedDemoDataIfEmpty(db: Kysely<Database>): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  // Hash before the transaction: scrypt is slow and needs no connection.
  const passwordHashes = await Promise.all(DEMO_CUSTOMERS.map(() => hashPassword(DEMO_PASSWORD)));
  await db.transaction().execute(async (trx) => {
    // Re-check inside the transaction: another instance may have seeded meanwhile.
    const existing = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (existing) return;
    for (const [index, customer] of DEMO_CUSTOMERS.entries()) {
      await insertCustomer(trx, customer, passwordHashes[index]);
    }
  });
  return true;
}

async function insertCustomer(trx: Transaction<Database>, customer: DemoCustomer, passwordHash: string): Promise<void> {
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
    })
    .execute();

  for (const account of customer.accounts) {
    await trx
      .insertInto('accounts')
      .values({
        id: randomUUID(),
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

  for (const { createdAt, ...method } of customer.paymentMethods) {
    await trx
      .insertInto('payment_methods')
      .values({ ...method, id: randomUUID(), user_id: userId, created_at: createdAt })
      .execute();
  }
}
