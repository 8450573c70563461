import type { FormikProps } from 'formik';
import { BENEFICIARY_RELATIONSHIP_OPTIONS, PERSON_NAME_MAX_LENGTH } from '../../api/contract/values';
import { Button, SelectField, TextField } from '../../ui';
import type { DesignationDraft, PersonDraft } from './beneficiaryDraft';

/** One beneficiary's fields (name, relationship, birth date, share) and its Remove. */
export function BeneficiaryPersonFields({
  person,
  index,
  name,
  formik,
  personError,
  today,
  onRemove,
}: {
  person: PersonDraft;
  /** Where the person is in the form's list of people. */
  index: number;
  /** 'Primary beneficiary 2': the group's name. */
  name: string;
  formik: FormikProps<DesignationDraft>;
  personError: (index: number, field: keyof PersonDraft) => string | undefined;
  today: string;
  onRemove: () => void;
}) {
  const field = (key: keyof PersonDraft) => `people.${index}.${key}`;
  return (
    <div className="ff-profile-person" role="group" aria-label={name}>
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
          onChange={(event) => void formik.setFieldValue(field('sharePercent'), event.target.value.replace(/\D/g, '').slice(0, 3))}
          onBlur={formik.handleBlur}
          error={personError(index, 'sharePercent')}
        />
      </div>
      <div>
        <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${name}`}>
          Remove
        </Button>
      </div>
    </div>
  );
}
