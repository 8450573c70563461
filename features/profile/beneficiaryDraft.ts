import type { FormikErrors } from 'formik';
import { beneficiaryDesignationProblems, beneficiaryErrors, type BeneficiaryFields, type BeneficiaryTier } from '../../api/contract/values';
import type { BeneficiaryInput, BeneficiaryRelationship } from '../../api/contract';

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

export interface DesignationDraft {
  people: PersonDraft[];
}

export const toFields = (person: PersonDraft): BeneficiaryFields => ({
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
export function validateDesignation(draft: DesignationDraft, today: string): FormikErrors<DesignationDraft> & { designation?: string } {
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
export const newPerson = (tier: BeneficiaryTier, sharePercent: string): PersonDraft => ({
  key: `new-${++nextKey}`,
  tier,
  firstName: '',
  lastName: '',
  relationship: '',
  dateOfBirth: '',
  sharePercent,
});
