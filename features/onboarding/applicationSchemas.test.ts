import {
  ApplicationFormMessages,
  disclosuresSchema,
  employmentSchema,
  fromIsoDate,
  identitySchema,
  investingProfileSchema,
  toIsoDate,
} from './applicationSchemas';

const TODAY = '2026-03-02';
const identity = {
  legalFirstName: 'Taylor',
  legalLastName: "O'Brien-Hale",
  birthDate: '04/18/1992',
  phoneNumber: '(303) 555-0142',
  citizenship: 'US_CITIZEN',
  ssn: '123456789',
};
const problems = async (schema: { validate: (value: unknown, options: object) => Promise<unknown> }, value: unknown) => {
  try {
    await schema.validate(value, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
};

describe('identity step rules', () => {
  it('accepts a complete identity with a formatted phone number', async () => {
    expect(await problems(identitySchema(TODAY), identity)).toEqual([]);
  });

  it('needs 18 years on the day of applying (the same rule as the server)', async () => {
    expect(await problems(identitySchema(TODAY), { ...identity, birthDate: '03/02/2008' })).toEqual([]);
    expect(await problems(identitySchema(TODAY), { ...identity, birthDate: '03/03/2008' })).toEqual([
      'You must be 18 or older to open an account.',
    ]);
  });

  it('refuses impossible dates, other formats, short SSNs and phone numbers, and digits in names', async () => {
    expect(await problems(identitySchema(TODAY), { ...identity, birthDate: '02/30/1990' })).toEqual(['Enter a real date of birth.']);
    expect(await problems(identitySchema(TODAY), { ...identity, birthDate: '1990-02-01' })).toEqual([
      ApplicationFormMessages.birthDateFormat,
    ]);
    expect(await problems(identitySchema(TODAY), { ...identity, ssn: '12345678' })).toEqual([ApplicationFormMessages.ssn]);
    expect(await problems(identitySchema(TODAY), { ...identity, phoneNumber: '555-0142' })).toEqual([ApplicationFormMessages.phone]);
    expect(await problems(identitySchema(TODAY), { ...identity, legalFirstName: 'R2D2' })).toEqual([ApplicationFormMessages.legalName]);
  });

  it('dates convert between the form and the wire', () => {
    expect(toIsoDate('04/18/1992')).toBe('1992-04-18');
    expect(toIsoDate('4/18/1992')).toBeNull();
    expect(fromIsoDate('1992-04-18')).toBe('04/18/1992');
  });
});

describe('employment step rules', () => {
  it('asks employer and occupation only of customers who work', async () => {
    expect(await problems(employmentSchema, { status: 'EMPLOYED', employer: '', occupation: '' })).toEqual([
      ApplicationFormMessages.employer,
      ApplicationFormMessages.occupation,
    ]);
    expect(await problems(employmentSchema, { status: 'SELF_EMPLOYED', employer: 'Own studio', occupation: 'Designer' })).toEqual([]);
    expect(await problems(employmentSchema, { status: 'RETIRED', employer: '', occupation: '' })).toEqual([]);
    expect(await problems(employmentSchema, { status: '', employer: '', occupation: '' })).toEqual([ApplicationFormMessages.required]);
  });
});

describe('investing profile and disclosures rules', () => {
  it('every suitability question needs an answer from the profile vocabulary', async () => {
    const complete = {
      investmentObjective: 'GROWTH',
      riskTolerance: 'MEDIUM',
      timeHorizon: 'LONG',
      investmentExperience: 'LIMITED',
      annualIncome: 'UNDER_25K',
      liquidNetWorth: 'UNDER_50K',
    };
    expect(await problems(investingProfileSchema, complete)).toEqual([]);
    expect(await problems(investingProfileSchema, { ...complete, riskTolerance: '' })).toEqual([ApplicationFormMessages.required]);
    expect((await problems(investingProfileSchema, { ...complete, annualIncome: 'LOTS' })).length).toBe(1);
  });

  it('the agreement must be accepted; the disclosures may be yes or no', async () => {
    const answers = { brokerDealer: true, publiclyTraded: false, politicallyExposed: false };
    expect(await problems(disclosuresSchema, { ...answers, agreementAccepted: true })).toEqual([]);
    expect(await problems(disclosuresSchema, { ...answers, agreementAccepted: false })).toEqual([ApplicationFormMessages.agreement]);
  });
});
