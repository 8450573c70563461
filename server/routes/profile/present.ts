import type { Selectable } from 'kysely';
import { ProfileErrorCode, type Address, type BeneficiaryAccount, type TrustedContact } from '../../../api/contract';
import type { AccountRow } from '../../db/schema';
import type { TrustedContactsTable } from '../../domain/profileSchema';
import { ApiError } from '../../errors';
import type { BeneficiaryRow } from '../../repositories/profile';

// What the profile routes share: id checks, their 404s and the shapes they answer with.

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const accountNotFound = () => new ApiError(404, ProfileErrorCode.ACCOUNT_NOT_FOUND, 'We could not find that account.');
export const beneficiaryNotFound = () => new ApiError(404, ProfileErrorCode.BENEFICIARY_NOT_FOUND, 'We could not find that beneficiary.');

export const last4 = (accountNumber: string) => accountNumber.slice(-4);

/** A name as typed, with its spaces tidied. */
export const tidyName = (name: string) => name.trim().replace(/\s+/g, ' ');

export function presentTrustedContact(row: Selectable<TrustedContactsTable> | undefined): TrustedContact | null {
  if (!row) return null;
  const address: Address | null =
    row.address1 && row.city && row.state && row.zipcode
      ? { address1: row.address1, address2: row.address2 ?? null, city: row.city, state: row.state, zipcode: row.zipcode, country: 'USA' }
      : null;
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    relationship: row.relationship,
    email: row.email,
    phone: row.phone,
    address,
    updatedAt: row.updated_at.toISOString(),
  };
}

export function presentBeneficiaryAccount(account: AccountRow, rows: readonly BeneficiaryRow[]): BeneficiaryAccount {
  const own = rows
    .filter((row) => row.account_id === account.id)
    .sort((a, b) => (a.tier === b.tier ? a.position - b.position : a.tier === 'PRIMARY' ? -1 : 1));
  const updated = own.reduce<Date | null>((latest, row) => (latest === null || row.updated_at > latest ? row.updated_at : latest), null);
  return {
    accountUuid: account.id,
    variant: account.variant,
    displayName: account.display_name,
    accountNumberLast4: last4(account.account_number),
    beneficiaries: own.map((row) => ({
      id: row.id,
      tier: row.tier,
      firstName: row.first_name,
      lastName: row.last_name,
      relationship: row.relationship,
      dateOfBirth: row.date_of_birth,
      sharePercent: row.share_percent,
    })),
    updatedAt: updated ? updated.toISOString() : null,
  };
}
