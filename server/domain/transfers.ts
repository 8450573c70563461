import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { DEPOSIT_MIN_CENTS, isDepositDestinationVariant, isTransferSourceVariant } from '../../api/contract';
import type { AccountRow, Database, UserRow } from '../db/schema';
import { lockAccountsInOrder } from '../repositories/accounts';
import {
  addToBalance,
  findOwnAccount,
  insertDepositWithEvents,
  insertIraContribution,
  iraContributionsOf,
  lockUser,
  markFunded,
} from '../repositories/deposits';
import { findUserById } from '../repositories/users';
import { DepositRefusals } from './depositErrors';
import { assertIraContribution, isIra, standingOf } from './deposits';
import { depositRightsOf } from '../../api/contract/customerStanding';
import { initialEvents } from './depositTimeline';
import { isUuid } from './tokens';

type Db = Kysely<Database> | Transaction<Database>;

// Accounts money can be moved out of by a transfer (money leaves an IRA by a withdrawal, not a transfer) are the
// contract's TRANSFER_SOURCE_VARIANTS.

export interface TransferOrder {
  userId: string;
  sourceAccountUuid: string;
  destinationAccountUuid: string;
  amountCents: number;
  iraContributionYear?: number | null;
}

export interface TransferPlan {
  user: UserRow;
  source: AccountRow;
  destination: AccountRow;
  iraContributionYear: number | null;
}

/** Every rule of an internal transfer between two of the customer's own accounts, read-only. */
export async function planTransfer(db: Db, order: TransferOrder, now: Date, lockedUser?: UserRow): Promise<TransferPlan> {
  const user = lockedUser ?? (await findUserById(db, order.userId));
  if (!user) throw DepositRefusals.accountNotFound();
  const source = await findOwnAccount(db, user.id, order.sourceAccountUuid);
  const destination = await findOwnAccount(db, user.id, order.destinationAccountUuid);
  if (!source || !destination) throw DepositRefusals.accountNotFound();
  if (source.id === destination.id) throw DepositRefusals.transferNotAllowed('Choose two different accounts.');

  const rights = depositRightsOf(standingOf(user));
  if (rights === 'none') throw DepositRefusals.noDepositRights();
  if (!isDepositDestinationVariant(destination.variant) || destination.settings.depositsDisabled === true)
    throw DepositRefusals.noDepositRights();
  // An internal transfer moves money already here: it never waits for an application.
  if (rights !== 'full' || source.status !== 'OPEN' || destination.status !== 'OPEN') throw DepositRefusals.accountPending();
  if (!isTransferSourceVariant(source.variant)) {
    throw DepositRefusals.transferNotAllowed(
      isIra(source)
        ? 'Money leaves a retirement account by a withdrawal, not a transfer.'
        : 'Money cannot be transferred out of this account.',
    );
  }
  if (order.amountCents < DEPOSIT_MIN_CENTS) throw DepositRefusals.amountTooSmall(DEPOSIT_MIN_CENTS, false);
  const contributed =
    isIra(destination) && order.iraContributionYear != null
      ? await iraContributionsOf(db, user.id, order.iraContributionYear)
      : { traditionalCents: 0, rothCents: 0 };
  const iraContributionYear = assertIraContribution(user, destination, order.iraContributionYear, order.amountCents, now, contributed);
  if (source.balance_cents < order.amountCents) throw DepositRefusals.transferInsufficientFunds();
  return { user, source, destination, iraContributionYear };
}

/**
 * Moves the money inside the caller's transaction: the customer and both accounts are locked, the rules are
 * checked on the locked rows, then both balances change together. A transfer is complete at once.
 */
export async function placeTransfer(
  trx: Transaction<Database>,
  order: TransferOrder & { intentId?: string | null },
  now: Date,
): Promise<string> {
  const user = await lockUser(trx, order.userId);
  if (!user) throw DepositRefusals.accountNotFound();
  // Both accounts in a fixed order, so two opposite transfers cannot deadlock.
  await lockAccountsInOrder(trx, user.id, [order.sourceAccountUuid, order.destinationAccountUuid].filter(isUuid));
  const plan = await planTransfer(trx, order, now, user);

  const id = randomUUID();
  await insertDepositWithEvents(
    trx,
    {
      id,
      user_id: user.id,
      kind: 'INTERNAL_TRANSFER',
      status: 'CONFIRMED',
      type: 'DEPOSIT',
      source_type: 'INTERNAL',
      amount_cents: order.amountCents,
      instant_cents: order.amountCents,
      account_id: plan.destination.id,
      source_account_id: plan.source.id,
      payment_method_id: null,
      ira_contribution_year: plan.iraContributionYear,
      recurring_deposit_id: null,
      intent_id: order.intentId ?? null,
      created_at: now,
      send_at: null,
      settle_at: now,
      settled_at: now,
      cancelled_at: null,
    },
    initialEvents({
      sourceType: 'INTERNAL',
      type: 'DEPOSIT',
      amountCents: order.amountCents,
      instantCents: order.amountCents,
      createdAt: now,
      settleAt: now,
      scheduled: false,
      destinationName: plan.destination.display_name,
    }),
  );
  await addToBalance(trx, plan.source.id, -order.amountCents);
  await addToBalance(trx, plan.destination.id, order.amountCents);
  await markFunded(trx, user.id, plan.destination.id);
  if (plan.iraContributionYear !== null) {
    await insertIraContribution(trx, {
      id: randomUUID(),
      userId: user.id,
      accountId: plan.destination.id,
      taxYear: plan.iraContributionYear,
      amountCents: order.amountCents,
      depositId: id,
      contributedAt: now,
    });
  }
  return id;
}
