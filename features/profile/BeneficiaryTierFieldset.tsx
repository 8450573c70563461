import type { FieldArrayRenderProps, FormikProps } from 'formik';
import { BENEFICIARY_TIER_LABELS, MAX_BENEFICIARIES_PER_TIER, tierShareTotal, type BeneficiaryTier } from '../../api/contract/values';
import { Button } from '../../ui';
import { newPerson, type DesignationDraft, type PersonDraft } from './beneficiaryDraft';
import { BeneficiaryPersonFields } from './BeneficiaryPersonFields';

/** One tier of the designation (primary or contingent): its people, their share total and Add. */
export function BeneficiaryTierFieldset({
  tier,
  formik,
  helpers,
  personError,
  today,
}: {
  tier: BeneficiaryTier;
  formik: FormikProps<DesignationDraft>;
  helpers: FieldArrayRenderProps;
  personError: (index: number, field: keyof PersonDraft) => string | undefined;
  today: string;
}) {
  const inTier = formik.values.people.map((person, index) => ({ person, index })).filter(({ person }) => person.tier === tier);
  const total = tierShareTotal(
    inTier.map(({ person }) => ({ tier, sharePercent: Number(person.sharePercent) || 0 })),
    tier,
  );
  const label = BENEFICIARY_TIER_LABELS[tier];
  return (
    <fieldset className="ff-profile-tier">
      <legend>{label} beneficiaries</legend>
      <p className="ff-profile-muted">
        {tier === 'PRIMARY'
          ? 'They inherit this IRA first, in the shares you give them.'
          : 'They inherit only if no primary beneficiary is alive when you pass away.'}
      </p>
      {inTier.length === 0 ? <p className="ff-profile-muted">No {label.toLowerCase()} beneficiaries.</p> : null}
      {inTier.map(({ person, index }, position) => (
        <BeneficiaryPersonFields
          key={person.key}
          person={person}
          index={index}
          name={`${label} beneficiary ${position + 1}`}
          formik={formik}
          personError={personError}
          today={today}
          onRemove={() => helpers.remove(index)}
        />
      ))}
      {inTier.length > 0 ? (
        <p className={total === 100 ? 'ff-profile-total' : 'ff-profile-total ff-profile-total--off'} aria-live="polite">
          {label} total: {total}% of 100%
        </p>
      ) : null}
      {inTier.length < MAX_BENEFICIARIES_PER_TIER ? (
        <div>
          <Button variant="secondary" size="sm" onClick={() => helpers.push(newPerson(tier, inTier.length === 0 ? '100' : ''))}>
            Add {label.toLowerCase()} beneficiary
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
