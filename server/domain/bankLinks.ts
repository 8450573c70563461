import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { LinkTokenResponse } from '../../api/contract';
import type { Clock } from '../clock';
import type { Database, InstitutionRow, NewPaymentMethod, PaymentMethodRow } from '../db/schema';
import { PartnerError } from '../providers';
import { insertLinkToken } from '../repositories/bankLinks';
import { findInstitution } from '../repositories/institutions';
import { insertPaymentMethod, listLiveMethodsOfUser, lockLiveMethodsOfUser } from '../repositories/paymentMethods';
import { assertCanAdd, ruleView } from './additionRules';
import { duplicateBankAccount, institutionNotFound, linkOptionUnavailable, partnerLinkFailed } from './fundingErrors';
import { requireUser } from './sessions';
import { hashToken } from './tokens';

export interface BankLinkDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/** Same bank and same last 4 digits among the customer's live bank methods. */
export function isDuplicateBank(live: readonly PaymentMethodRow[], institutionId: string | null, last4: string): boolean {
  if (institutionId === null) return false;
  return live.some((row) => row.type !== 'DEBIT_CARD' && row.institution_id === institutionId && row.last4 === last4);
}

export const lastFour = (digits: string) => digits.slice(-4);

/**
 * Adds a bank method in one transaction: the addition rules and the duplicate check run on the locked
 * rows, so two concurrent links cannot both slip under a limit.
 */
export async function addBankMethod(
  db: Kysely<Database>,
  userId: string,
  addition: 'bank' | 'microDeposit',
  build: (id: string) => NewPaymentMethod,
  afterInsert?: (trx: Transaction<Database>, row: PaymentMethodRow) => Promise<void>,
): Promise<PaymentMethodRow> {
  const user = await requireUser(db, userId);
  return db.transaction().execute(async (trx) => {
    const live = await lockLiveMethodsOfUser(trx, userId);
    assertCanAdd(addition, { applicationStatus: user.application_status, userStatus: user.status, methods: live.map(ruleView) });
    const method = build(randomUUID());
    if (isDuplicateBank(live, method.institution_id ?? null, method.last4)) throw duplicateBankAccount();
    const row = await insertPaymentMethod(trx, method, live, method.status === 'APPROVED');
    await afterInsert?.(trx, row);
    return row;
  });
}

/** The addition rules, checked before a link starts (and again on the locked rows when it ends). */
export async function assertCanAddNow(db: Kysely<Database>, userId: string, addition: 'bank' | 'microDeposit'): Promise<void> {
  const user = await requireUser(db, userId);
  const live = await listLiveMethodsOfUser(db, userId);
  assertCanAdd(addition, { applicationStatus: user.application_status, userStatus: user.status, methods: live.map(ruleView) });
}

/** The institution chosen for a bank login, which must offer one. */
export async function partnerInstitution(db: Kysely<Database>, institutionId: string): Promise<InstitutionRow> {
  const institution = await findInstitution(db, institutionId);
  if (!institution) throw institutionNotFound();
  if (!institution.link_options.includes('PLAID')) throw linkOptionUnavailable('through bank login');
  return institution;
}

/** Stores the partner's link token (by its hash) and answers it. */
export async function storeLinkToken(
  deps: BankLinkDeps,
  fields: {
    linkToken: string;
    expiration: Date;
    userId: string;
    mode: 'NEW' | 'UPDATE';
    institutionId: string | null;
    paymentMethodId: string | null;
  },
): Promise<LinkTokenResponse> {
  await insertLinkToken(deps.db, {
    id: randomUUID(),
    token_hash: hashToken(fields.linkToken),
    user_id: fields.userId,
    mode: fields.mode,
    institution_id: fields.institutionId,
    payment_method_id: fields.paymentMethodId,
    created_at: deps.clock.now(),
    expires_at: fields.expiration,
  });
  return { linkToken: fields.linkToken, expiration: fields.expiration.toISOString() };
}

/** A partner failure while creating a token is the partner's, not ours: a 4xx with its words. */
export async function callPartner<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PartnerError) throw partnerLinkFailed('We could not reach the bank login service. Please try again.');
    throw error;
  }
}
