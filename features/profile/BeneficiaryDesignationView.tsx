import { BENEFICIARY_RELATIONSHIP_OPTIONS, BENEFICIARY_TIER_LABELS, BENEFICIARY_TIERS, optionLabel } from '../../api/contract/values';
import type { BeneficiaryAccount } from '../../api/contract';
import { EmptyState, Stack } from '../../ui';

const dateOfBirthFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** An IRA's beneficiaries on file, by tier (or why naming none matters). */
export function BeneficiaryDesignationView({ account }: { account: BeneficiaryAccount }) {
  if (account.beneficiaries.length === 0) {
    return (
      <EmptyState
        title="No beneficiaries named"
        body="Without a beneficiary, this IRA passes to your estate, which can take longer and may cost your heirs tax advantages."
      />
    );
  }
  return (
    <Stack gap={3}>
      {BENEFICIARY_TIERS.map((tier) => {
        const people = account.beneficiaries.filter((person) => person.tier === tier);
        if (people.length === 0) return null;
        return (
          <div key={tier}>
            <h3 className="ff-profile-person__title">{BENEFICIARY_TIER_LABELS[tier]}</h3>
            <ul className="ff-profile-people">
              {people.map((person) => (
                <li key={person.id}>
                  <span>
                    {person.firstName} {person.lastName}
                    <span className="ff-profile-muted">
                      {' '}
                      · {optionLabel(BENEFICIARY_RELATIONSHIP_OPTIONS, person.relationship)} · born{' '}
                      {dateOfBirthFormat.format(new Date(`${person.dateOfBirth}T00:00:00Z`))}
                    </span>
                  </span>
                  <strong>{person.sharePercent}%</strong>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </Stack>
  );
}
