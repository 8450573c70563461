import { useState } from 'react';
import { FieldArray, FormikProvider, useFormik, type FormikErrors } from 'formik';
import {
  BENEFICIARY_RELATIONSHIP_OPTIONS,
  BENEFICIARY_TIER_LABELS,
  BENEFICIARY_TIERS,
  BeneficiaryMessages,
  beneficiaryDesignationProblems,
  beneficiaryErrors,
  maskAccountNumber,
  MAX_BENEFICIARIES_PER_TIER,
  optionLabel,
  PERSON_NAME_MAX_LENGTH,
  tierShareTotal,
  VARIANT_LABELS,
  type BeneficiaryFields,
  type BeneficiaryTier,
} from '../../api/contract/values';
import type { BeneficiaryAccount, BeneficiaryInput, BeneficiaryRelationship } from '../../api/contract';
import { isApiError } from '../../api/apiError';
import { useGetBeneficiariesQuery, useSaveBeneficiariesMutation } from '../../api/profileApi';
import { AlertIcon, Button, Card, CheckCircleIcon, EmptyState, ErrorState, Notice, SelectField, Spinner, Stack, TextField } from '../../ui';
import { ProfilePageFrame } from './ProfileNav';
import { useMarketToday } from '../config/marketClock';

export interface PersonDraft {
  /** Set for a person already on file (kept and changed on save), absent for a new one. */
  id?: string;
  /** Keys React rows steadily, also for new people. */
  key: string;
  tier: BeneficiaryTier;
  firstName: string;
  lastName: string;
  relationship: string;
  dateOfBirth: string;
  /** As typed: digits only. */
  sharePercent: string;
}

interface DesignationDraft {
  people: PersonDraft[];
}

const toFields = (person: PersonDraft): BeneficiaryFields => ({
  tier: person.tier,
  firstName: person.firstName,
  lastName: person.lastName,
  relationship: person.relationship as BeneficiaryRelationship,
  dateOfBirth: person.dateOfBirth,
  sharePercent: person.sharePercent === '' ? Number.NaN : Number(person.sharePercent),
});

export const toBeneficiaryInputs = (people: readonly PersonDraft[]): BeneficiaryInput[] =>
  people.map((person) => {
    const fields = toFields(person);
    return { ...(person.id ? { id: person.id } : {}), ...fields, firstName: fields.firstName.trim(), lastName: fields.lastName.trim() };
  });

/** The rules the server applies (beneficiaryDesignationProblems), per field and for the whole designation. */
function validateDesignation(draft: DesignationDraft, today: string): FormikErrors<DesignationDraft> & { designation?: string } {
  const people = draft.people.map((person) => beneficiaryErrors(toFields(person), today) as FormikErrors<PersonDraft>);
  const errors: FormikErrors<DesignationDraft> & { designation?: string } = {};
  if (people.some((person) => Object.keys(person).length > 0)) errors.people = people;
  const whole = beneficiaryDesignationProblems(draft.people.map(toFields), today).filter(
    (problem) => !people.some((person) => Object.values(person).includes(problem)),
  );
  if (whole.length > 0) errors.designation = whole.join(' ');
  return errors;
}

let nextKey = 0;
const newPerson = (tier: BeneficiaryTier, sharePercent: string): PersonDraft => ({
  key: `new-${++nextKey}`,
  tier,
  firstName: '',
  lastName: '',
  relationship: '',
  dateOfBirth: '',
  sharePercent,
});

function DesignationForm({ account, onDone, onCancel }: { account: BeneficiaryAccount; onDone: () => void; onCancel: () => void }) {
  const [save] = useSaveBeneficiariesMutation();
  const [saveError, setSaveError] = useState<string | null>(null);
  // A birth date may not be after today: the server's New York day, as the server judges it.
  const today = useMarketToday();
  const formik = useFormik<DesignationDraft>({
    initialValues: {
      people: account.beneficiaries.map((person) => ({ ...person, key: person.id, sharePercent: String(person.sharePercent) })),
    },
    validate: (values) => validateDesignation(values, today),
    onSubmit: async (values) => {
      setSaveError(null);
      try {
        await save({ accountUuid: account.accountUuid, beneficiaries: toBeneficiaryInputs(values.people) }).unwrap();
        onDone();
      } catch (error) {
        setSaveError(isApiError(error) && error.message ? error.message : 'We could not save your beneficiaries. Please try again.');
      }
    },
  });
  const errors = formik.errors as FormikErrors<DesignationDraft> & { designation?: string };
  const submitted = formik.submitCount > 0;
  const personError = (index: number, field: keyof PersonDraft) => {
    const touched = formik.touched.people?.[index]?.[field];
    const error = (errors.people?.[index] as FormikErrors<PersonDraft> | undefined)?.[field];
    return touched || submitted ? error : undefined;
  };
  const accountName = `${VARIANT_LABELS[account.variant]} ${maskAccountNumber(account.accountNumberLast4)}`;

  return (
    <FormikProvider value={formik}>
      <form className="ff-profile-form" noValidate onSubmit={formik.handleSubmit} aria-label={`Beneficiaries of ${accountName}`}>
        {saveError ? (
          <Notice tone="danger" icon={<AlertIcon size={20} />} live="assertive" title="Your beneficiaries were not saved">
            <p>{saveError}</p>
          </Notice>
        ) : null}
        {submitted && errors.designation ? (
          <Notice tone="danger" icon={<AlertIcon size={20} />} live="assertive">
            {errors.designation}
          </Notice>
        ) : null}
        <FieldArray name="people">
          {(helpers) =>
            BENEFICIARY_TIERS.map((tier) => {
              const inTier = formik.values.people.map((person, index) => ({ person, index })).filter(({ person }) => person.tier === tier);
              const total = tierShareTotal(
                inTier.map(({ person }) => ({ tier, sharePercent: Number(person.sharePercent) || 0 })),
                tier,
              );
              const label = BENEFICIARY_TIER_LABELS[tier];
              return (
                <fieldset key={tier} className="ff-profile-tier">
                  <legend>{label} beneficiaries</legend>
                  <p className="ff-profile-muted">
                    {tier === 'PRIMARY'
                      ? 'They inherit this IRA first, in the shares you give them.'
                      : 'They inherit only if no primary beneficiary is alive when you pass away.'}
                  </p>
                  {inTier.length === 0 ? <p className="ff-profile-muted">No {label.toLowerCase()} beneficiaries.</p> : null}
                  {inTier.map(({ person, index }, position) => {
                    const name = `${label} beneficiary ${position + 1}`;
                    const field = (key: keyof PersonDraft) => `people.${index}.${key}`;
                    return (
                      <div key={person.key} className="ff-profile-person" role="group" aria-label={name}>
                        <p className="ff-profile-person__title">{name}</p>
                        <div className="ff-profile-form__row">
                          <TextField
                            label="First name"
                            name={field('firstName')}
                            maxLength={PERSON_NAME_MAX_LENGTH}
                            autoComplete="off"
                            value={person.firstName}
                            onChange={formik.handleChange}
                            onBlur={formik.handleBlur}
                            error={personError(index, 'firstName')}
                          />
                          <TextField
                            label="Last name"
                            name={field('lastName')}
                            maxLength={PERSON_NAME_MAX_LENGTH}
                            autoComplete="off"
                            value={person.lastName}
                            onChange={formik.handleChange}
                            onBlur={formik.handleBlur}
                            error={personError(index, 'lastName')}
                          />
                        </div>
                        <div className="ff-profile-form__row">
                          <SelectField
                            label="Relationship"
                            name={field('relationship')}
                            value={person.relationship}
                            options={BENEFICIARY_RELATIONSHIP_OPTIONS.map((option) => ({ value: option.value, label: option.label }))}
                            placeholder="Choose a relationship"
                            onChange={(value) => {
                              void formik.setFieldValue(field('relationship'), value);
                              void formik.setFieldTouched(field('relationship'), true, false);
                            }}
                            error={personError(index, 'relationship')}
                          />
                          <TextField
                            label="Date of birth"
                            type="date"
                            name={field('dateOfBirth')}
                            max={today}
                            value={person.dateOfBirth}
                            onChange={formik.handleChange}
                            onBlur={formik.handleBlur}
                            error={personError(index, 'dateOfBirth')}
                          />
                          <TextField
                            label="Share (%)"
                            name={field('sharePercent')}
                            inputMode="numeric"
                            maxLength={3}
                            value={person.sharePercent}
                            onChange={(event) =>
                              void formik.setFieldValue(field('sharePercent'), event.target.value.replace(/\D/g, '').slice(0, 3))
                            }
                            onBlur={formik.handleBlur}
                            error={personError(index, 'sharePercent')}
                          />
                        </div>
                        <div>
                          <Button variant="ghost" size="sm" onClick={() => helpers.remove(index)} aria-label={`Remove ${name}`}>
                            Remove
                          </Button>
                        </div>
                      </div>
                    );
                  })}
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
            })
          }
        </FieldArray>
        <div className="ff-profile-actions">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={formik.isSubmitting}>
            Save beneficiaries
          </Button>
        </div>
      </form>
    </FormikProvider>
  );
}

const dateOfBirthFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

function DesignationView({ account }: { account: BeneficiaryAccount }) {
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

/**
 * /settings/v2/beneficiaries (and /settings/beneficiaries): primary and contingent beneficiaries of each of
 * the customer's IRAs, saved per account as a whole; each tier's shares are whole percents summing to 100.
 */
export default function BeneficiariesPage() {
  const query = useGetBeneficiariesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [editing, setEditing] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  let body;
  if (query.isLoading) {
    body = <Spinner label="Loading your beneficiaries" />;
  } else if (query.isError || !query.data) {
    body = <ErrorState title="We couldn't load your beneficiaries" body="Please try again." onRetry={() => void query.refetch()} />;
  } else if (query.data.accounts.length === 0) {
    body = (
      <Card>
        <EmptyState
          title="No IRA yet"
          body="Beneficiaries are named on individual retirement accounts. Open a traditional or Roth IRA to name who inherits it."
        />
      </Card>
    );
  } else {
    body = query.data.accounts.map((account) => {
      const accountName = `${VARIANT_LABELS[account.variant]} ${maskAccountNumber(account.accountNumberLast4)}`;
      const isEditing = editing === account.accountUuid;
      return (
        <Card
          key={account.accountUuid}
          title={accountName}
          actions={
            isEditing ? null : (
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Edit beneficiaries of ${accountName}`}
                onClick={() => {
                  setSaved(null);
                  setEditing(account.accountUuid);
                }}
              >
                {account.beneficiaries.length > 0 ? 'Edit' : 'Add beneficiaries'}
              </Button>
            )
          }
        >
          {saved === account.accountUuid ? (
            <Notice tone="success" icon={<CheckCircleIcon size={20} />} live="polite" className="ff-profile-saved">
              {BeneficiaryMessages.saved}
            </Notice>
          ) : null}
          {isEditing ? (
            <DesignationForm
              account={account}
              onCancel={() => setEditing(null)}
              onDone={() => {
                setEditing(null);
                setSaved(account.accountUuid);
              }}
            />
          ) : (
            <DesignationView account={account} />
          )}
        </Card>
      );
    });
  }

  return (
    <ProfilePageFrame
      title="Beneficiaries"
      titleId="ff-beneficiaries-title"
      intro={
        <p>
          Name who inherits each IRA. Primary beneficiaries come first; contingent beneficiaries inherit only if no primary one survives
          you. Shares within each group must add up to 100%.
        </p>
      }
    >
      {body}
    </ProfilePageFrame>
  );
}
