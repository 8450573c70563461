import { emptyAddressDraft } from './addressRules';
import {
  beneficiaryDesignationProblems,
  beneficiaryErrors,
  formatUsPhone,
  investingProfileProblems,
  isRealCalendarDate,
  isValidBirthDate,
  isValidContactEmail,
  isValidSharePercent,
  isValidUsPhone,
  maskAccountNumber,
  membershipBenefits,
  membershipMatches,
  normalisePhone,
  optionLabel,
  RISK_TOLERANCE_OPTIONS,
  tierShareTotal,
  trustedContactErrors,
  type BeneficiaryFields,
  type InvestingProfileFields,
  type TrustedContactDraft,
} from './profileRules';

const profile: InvestingProfileFields = {
  investmentObjective: 'GROWTH',
  riskTolerance: 'MEDIUM',
  timeHorizon: 'LONG',
  investmentExperience: 'GOOD',
  liquidityNeeds: 'NOT_IMPORTANT',
  annualIncome: 'FROM_50K_TO_100K',
  netWorth: 'FROM_100K_TO_250K',
  liquidNetWorth: 'FROM_50K_TO_100K',
};

describe('investing profile rules', () => {
  it('a consistent profile has no problems', () => {
    expect(investingProfileProblems(profile)).toEqual([]);
  });

  it('liquid net worth cannot be more than net worth (equal ranges are fine)', () => {
    expect(investingProfileProblems({ ...profile, liquidNetWorth: 'FROM_100K_TO_250K' })).toEqual([]);
    expect(investingProfileProblems({ ...profile, liquidNetWorth: 'FROM_250K_TO_500K' })).toEqual([
      { field: 'liquidNetWorth', message: 'Liquid net worth cannot be more than your total net worth' },
    ]);
  });

  it('a speculative objective needs a high risk tolerance', () => {
    expect(investingProfileProblems({ ...profile, investmentObjective: 'SPECULATION' })[0].field).toBe('riskTolerance');
    expect(investingProfileProblems({ ...profile, investmentObjective: 'SPECULATION', riskTolerance: 'HIGH' })).toEqual([]);
  });

  it('labels answers for people, and says when there is none', () => {
    expect(optionLabel(RISK_TOLERANCE_OPTIONS, 'LOW')).toBe('Low: I want to avoid losses');
    expect(optionLabel(RISK_TOLERANCE_OPTIONS, null)).toBe('Not provided');
  });
});

const contact: TrustedContactDraft = {
  firstName: 'Maria',
  lastName: "O'Neil-Lopez",
  relationship: 'FRIEND',
  email: 'maria@example.com',
  phone: '',
  includeAddress: false,
  address: emptyAddressDraft,
};

describe('trusted contact rules', () => {
  it('a named contact with an email or a phone is valid', () => {
    expect(trustedContactErrors(contact)).toEqual({});
    expect(trustedContactErrors({ ...contact, email: '', phone: '415-555-0132' })).toEqual({});
  });

  it('at least one of email and phone is required', () => {
    expect(trustedContactErrors({ ...contact, email: ' ', phone: '' })).toEqual({
      email: 'Please enter an email address or a phone number (or both)',
    });
  });

  it('names, relationship, email and phone are checked', () => {
    expect(trustedContactErrors({ ...contact, firstName: '', lastName: 'R2D2', relationship: '', email: 'x@y', phone: '123' })).toEqual({
      firstName: 'Please enter their first name',
      lastName: 'Use letters, spaces, hyphens, apostrophes and periods only (at most 50 characters)',
      relationship: 'Please choose how you know them',
      email: 'Please enter a valid email address',
      phone: 'Please enter a 10-digit US phone number',
    });
  });

  it('a mailing address, when included, follows the address rules; left out, it is not checked', () => {
    const address = { address1: '88 King St', address2: '', city: '', state: 'C', zipcode: '9410' };
    expect(trustedContactErrors({ ...contact, includeAddress: true, address })).toEqual({
      'address.city': 'Please enter your city',
      'address.state': 'Please enter a 2-letter state code',
      'address.zipcode': 'Please enter a 5-digit ZIP code',
    });
    expect(trustedContactErrors({ ...contact, includeAddress: false, address })).toEqual({});
  });

  it('US phone numbers: any usual spelling, a leading 1 allowed, NANP area code and exchange', () => {
    expect(normalisePhone('+1 (415) 555-0132')).toBe('4155550132');
    expect(isValidUsPhone('415.555.0132')).toBe(true);
    expect(isValidUsPhone('115 555 0132')).toBe(false);
    expect(isValidUsPhone('415 055 0132')).toBe(false);
    expect(isValidUsPhone('41555501')).toBe(false);
    expect(formatUsPhone('4155550132')).toBe('(415) 555-0132');
  });

  it('emails need a local part, a domain and a dot-separated top level', () => {
    expect(isValidContactEmail('a.b@example.co.uk')).toBe(true);
    expect(isValidContactEmail('a@b')).toBe(false);
    expect(isValidContactEmail('a b@example.com')).toBe(false);
  });
});

const person = (fields: Partial<BeneficiaryFields> = {}): BeneficiaryFields => ({
  tier: 'PRIMARY',
  firstName: 'Taylor',
  lastName: 'Morgan',
  relationship: 'SPOUSE',
  dateOfBirth: '1991-09-03',
  sharePercent: 100,
  ...fields,
});
const TODAY = '2026-03-02';

describe('beneficiary rules', () => {
  it('shares per tier are whole percents that sum to 100', () => {
    expect(beneficiaryDesignationProblems([person({ sharePercent: 60 }), person({ sharePercent: 40 })], TODAY)).toEqual([]);
    expect(beneficiaryDesignationProblems([person({ sharePercent: 60 }), person({ sharePercent: 50 })], TODAY)).toEqual([
      "Primary beneficiaries' shares must add up to 100% (now 110%)",
    ]);
    expect(beneficiaryDesignationProblems([person({ sharePercent: 33.5 }), person({ sharePercent: 66.5 })], TODAY)).toEqual([
      'Enter a whole percent from 1 to 100',
    ]);
  });

  it('each tier is judged on its own', () => {
    const list = [person(), person({ tier: 'CONTINGENT', sharePercent: 70 })];
    expect(beneficiaryDesignationProblems(list, TODAY)).toEqual(["Contingent beneficiaries' shares must add up to 100% (now 70%)"]);
    expect(tierShareTotal(list, 'PRIMARY')).toBe(100);
    expect(tierShareTotal(list, 'CONTINGENT')).toBe(70);
  });

  it('no one at all is allowed; contingent beneficiaries need a primary one', () => {
    expect(beneficiaryDesignationProblems([], TODAY)).toEqual([]);
    expect(beneficiaryDesignationProblems([person({ tier: 'CONTINGENT' })], TODAY)).toEqual([
      'Add a primary beneficiary before contingent ones',
    ]);
  });

  it('at most 10 people per tier', () => {
    const eleven = Array.from({ length: 11 }, (_, index) => person({ sharePercent: index < 10 ? 9 : 10 }));
    expect(beneficiaryDesignationProblems(eleven, TODAY)).toEqual(['At most 10 primary beneficiaries']);
  });

  it('each person needs names, a relationship and a real birth date not in the future', () => {
    expect(beneficiaryErrors(person({ firstName: ' ', dateOfBirth: '2026-03-03' }), TODAY)).toEqual({
      firstName: 'Please enter their first name',
      dateOfBirth: 'Please enter a real date of birth (not in the future)',
    });
    expect(isValidBirthDate(TODAY, TODAY)).toBe(true);
    expect(isValidBirthDate('1899-12-31', TODAY)).toBe(false);
    expect(isRealCalendarDate('2024-02-29')).toBe(true);
    expect(isRealCalendarDate('2025-02-29')).toBe(false);
    expect(isValidSharePercent(0)).toBe(false);
    expect(isValidSharePercent(100)).toBe(true);
  });
});

describe('membership rules', () => {
  const flags = { iraMatchPercent: 1, brokerageMatchPercent: 2 };

  it('every plan earns the IRA match of the flag; Premium adds the brokerage match', () => {
    expect(membershipMatches('BASIC', flags)).toEqual({ iraMatchPercent: 1, brokerageMatchPercent: 0 });
    expect(membershipMatches('PREMIUM', flags)).toEqual({ iraMatchPercent: 1, brokerageMatchPercent: 2 });
  });

  it('benefits list the matches first and leave out a match of 0', () => {
    expect(membershipBenefits('PREMIUM', flags).slice(0, 3)).toEqual([
      '1% match on IRA contributions',
      '2% match on brokerage deposits',
      'Everything in Basic',
    ]);
    expect(membershipBenefits('PREMIUM', { iraMatchPercent: 0, brokerageMatchPercent: 0 })[0]).toBe('Everything in Basic');
  });
});

it('account numbers are shown by their last four digits only', () => {
  expect(maskAccountNumber('9075')).toBe('•••• 9075');
});
