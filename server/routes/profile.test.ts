import { randomUUID } from 'node:crypto';
import {
  apiPath,
  ApiPaths,
  ProfileErrorCode,
  type AccountInfoResponse,
  type BeneficiariesResponse,
  type BeneficiaryAccount,
  type BeneficiaryInput,
  type InvestingProfile,
  type InvestingProfileResponse,
  type MembershipResponse,
  type TrustedContactRequest,
  type TrustedContactResponse,
} from '../../api/contract';
import { copyDemoProfileData } from '../db/seeds/profile';
import { profileDb } from '../domain/profileSchema';
import { freshCustomer, signedInCustomer } from '../testing/fundingKit';
import { expectApiError as expectError, expectInvalid } from '../testing/apiErrors';
import { accountOf, accountsOf } from '../testing/depositKit';
import { useTestApp } from '../testing/useTestApp';

const { app, db } = useTestApp();

const PROFILE: InvestingProfile = {
  investmentObjective: 'INCOME',
  riskTolerance: 'MEDIUM',
  timeHorizon: 'AVERAGE',
  investmentExperience: 'LIMITED',
  liquidityNeeds: 'VERY_IMPORTANT',
  annualIncome: 'FROM_50K_TO_100K',
  netWorth: 'FROM_100K_TO_250K',
  liquidNetWorth: 'FROM_50K_TO_100K',
};

const CONTACT: TrustedContactRequest = {
  firstName: 'Maria',
  lastName: 'Lopez',
  relationship: 'FRIEND',
  email: 'maria.lopez@example.com',
  phone: '(312) 555-0177',
  address: null,
};

const person = (fields: Partial<BeneficiaryInput> = {}): BeneficiaryInput => ({
  tier: 'PRIMARY',
  firstName: 'Taylor',
  lastName: 'Morgan',
  relationship: 'SPOUSE',
  dateOfBirth: '1991-09-03',
  sharePercent: 100,
  ...fields,
});

const beneficiariesPath = (accountUuid: string) => apiPath(ApiPaths.profileAccountBeneficiaries, { accountUuid });

describe('investing profile', () => {
  it('the seeded profile of alex is answered', async () => {
    const alex = await signedInCustomer(app, 'alex@fundflow.test');
    const body = (await alex.get(ApiPaths.profileInvestingProfile)).json<InvestingProfileResponse>();
    expect(body.profile).toMatchObject({ investmentObjective: 'GROWTH', riskTolerance: 'HIGH', timeHorizon: 'LONG' });
    expect(body.updatedAt).not.toBeNull();
  });

  it('a customer who never answered gets null, then a saved profile is kept', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    expect((await customer.get(ApiPaths.profileInvestingProfile)).json<InvestingProfileResponse>()).toEqual({
      profile: null,
      updatedAt: null,
    });
    const saved = await customer.send('PUT', ApiPaths.profileInvestingProfile, PROFILE);
    expect(saved.statusCode).toBe(200);
    expect((await customer.get(ApiPaths.profileInvestingProfile)).json<InvestingProfileResponse>().profile).toEqual(PROFILE);
    const changed = await customer.send('PUT', ApiPaths.profileInvestingProfile, { ...PROFILE, timeHorizon: 'LONG' });
    expect(changed.json<InvestingProfileResponse>().profile?.timeHorizon).toBe('LONG');
  });

  it('liquid net worth above net worth is refused with 400 INVESTING_PROFILE_INVALID', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const response = await customer.send('PUT', ApiPaths.profileInvestingProfile, { ...PROFILE, liquidNetWorth: 'OVER_5M' });
    expect(expectError(response, 400, ProfileErrorCode.INVESTING_PROFILE_INVALID).message).toBe(
      'Liquid net worth cannot be more than your total net worth',
    );
    expect((await customer.get(ApiPaths.profileInvestingProfile)).json<InvestingProfileResponse>().profile).toBeNull();
  });

  it('an unknown answer or an unknown field is refused with 400 VALIDATION_FAILED', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    expectInvalid(await customer.send('PUT', ApiPaths.profileInvestingProfile, { ...PROFILE, riskTolerance: 'EXTREME' }));
    expectInvalid(await customer.send('PUT', ApiPaths.profileInvestingProfile, { ...PROFILE, favouriteColour: 'blue' }));
    const { annualIncome: _missing, ...partial } = PROFILE;
    expectInvalid(await customer.send('PUT', ApiPaths.profileInvestingProfile, partial));
  });
});

describe('trusted contact', () => {
  it('adds, edits and removes the one trusted contact; the phone is stored as its 10 digits', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    expect((await customer.get(ApiPaths.profileTrustedContact)).json<TrustedContactResponse>().trustedContact).toBeNull();

    const added = await customer.send('PUT', ApiPaths.profileTrustedContact, CONTACT);
    expect(added.statusCode).toBe(200);
    const contact = added.json<TrustedContactResponse>().trustedContact!;
    expect(contact).toMatchObject({
      firstName: 'Maria',
      lastName: 'Lopez',
      relationship: 'FRIEND',
      email: 'maria.lopez@example.com',
      phone: '3125550177',
      address: null,
    });

    const address = {
      address1: '88 King St',
      address2: null,
      city: 'San Francisco',
      state: 'CA',
      zipcode: '94107',
      country: 'USA' as const,
    };
    const edited = await customer.send('PUT', ApiPaths.profileTrustedContact, { ...CONTACT, email: null, address });
    const after = edited.json<TrustedContactResponse>().trustedContact!;
    // Still one contact: the same row was changed.
    expect(after.id).toBe(contact.id);
    expect(after).toMatchObject({ email: null, phone: '3125550177', address });

    expect((await customer.send('DELETE', ApiPaths.profileTrustedContact)).statusCode).toBe(204);
    expect((await customer.get(ApiPaths.profileTrustedContact)).json<TrustedContactResponse>().trustedContact).toBeNull();
    expectError(await customer.send('DELETE', ApiPaths.profileTrustedContact), 404, ProfileErrorCode.TRUSTED_CONTACT_NOT_FOUND);
  });

  it('needs an email or a phone, valid ones, and a valid mailing address when one is given', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    const noWay = expectError(
      await customer.send('PUT', ApiPaths.profileTrustedContact, { ...CONTACT, email: null, phone: null }),
      400,
      ProfileErrorCode.TRUSTED_CONTACT_INVALID,
    );
    expect(noWay.message).toBe('Please enter an email address or a phone number (or both)');
    expect(
      expectError(
        await customer.send('PUT', ApiPaths.profileTrustedContact, { ...CONTACT, phone: '555-0177 ext' }),
        400,
        ProfileErrorCode.TRUSTED_CONTACT_INVALID,
      ).message,
    ).toBe('Please enter a 10-digit US phone number');
    expect(
      expectError(
        await customer.send('PUT', ApiPaths.profileTrustedContact, { ...CONTACT, email: 'maria@' }),
        400,
        ProfileErrorCode.TRUSTED_CONTACT_INVALID,
      ).message,
    ).toBe('Please enter a valid email address');
    const badAddress = { address1: '88 King St', address2: null, city: '   ', state: 'CA', zipcode: '94107', country: 'USA' };
    expect(
      expectError(
        await customer.send('PUT', ApiPaths.profileTrustedContact, { ...CONTACT, address: badAddress }),
        400,
        ProfileErrorCode.TRUSTED_CONTACT_INVALID,
      ).message,
    ).toBe('Please enter your city');
    expectInvalid(await customer.send('PUT', ApiPaths.profileTrustedContact, { ...CONTACT, nickname: 'Mo' }));
    expect((await customer.get(ApiPaths.profileTrustedContact)).json<TrustedContactResponse>().trustedContact).toBeNull();
  });
});

describe('beneficiaries', () => {
  it("lists the customer's IRAs only, with alex's seeded designation", async () => {
    const alex = await signedInCustomer(app, 'alex@fundflow.test');
    const { accounts } = (await alex.get(ApiPaths.profileBeneficiaries)).json<BeneficiariesResponse>();
    expect(accounts.map((account) => account.variant)).toEqual(['TRADITIONAL_IRA', 'ROTH_IRA']);
    const traditional = accounts[0];
    expect(traditional.accountNumberLast4).toBe('9076');
    expect(traditional.beneficiaries.map((b) => [b.tier, b.firstName, b.sharePercent])).toEqual([
      ['PRIMARY', 'Taylor', 100],
      ['CONTINGENT', 'Riley', 50],
      ['CONTINGENT', 'Avery', 50],
    ]);
    expect(accounts[1].beneficiaries).toEqual([]);
  });

  it('a customer without an IRA has no accounts to name beneficiaries on', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    expect((await customer.get(ApiPaths.profileBeneficiaries)).json<BeneficiariesResponse>()).toEqual({ accounts: [] });
  });

  it('adds, edits and removes beneficiaries by saving the whole designation', async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const roth = await accountOf(customer, 'ROTH_IRA');
    const first = await customer.send('PUT', beneficiariesPath(roth.accountUuid), {
      beneficiaries: [
        person({ sharePercent: 60 }),
        person({ firstName: 'Sam', relationship: 'SIBLING', dateOfBirth: '1994-02-10', sharePercent: 40 }),
      ],
    });
    expect(first.statusCode).toBe(200);
    const saved = first.json<BeneficiaryAccount>().beneficiaries;
    expect(saved.map((b) => [b.firstName, b.sharePercent])).toEqual([
      ['Taylor', 60],
      ['Sam', 40],
    ]);

    // Keep Taylor (now 100%), drop Sam, add a contingent.
    const second = await customer.send('PUT', beneficiariesPath(roth.accountUuid), {
      beneficiaries: [
        { ...person({ sharePercent: 100 }), id: saved[0].id },
        person({ tier: 'CONTINGENT', firstName: 'Riley', relationship: 'CHILD', dateOfBirth: '2019-05-12', sharePercent: 100 }),
      ],
    });
    expect(second.statusCode).toBe(200);
    const after = second.json<BeneficiaryAccount>().beneficiaries;
    expect(after.map((b) => [b.id === saved[0].id, b.tier, b.firstName, b.sharePercent])).toEqual([
      [true, 'PRIMARY', 'Taylor', 100],
      [false, 'CONTINGENT', 'Riley', 100],
    ]);

    const listed = (await customer.get(ApiPaths.profileBeneficiaries))
      .json<BeneficiariesResponse>()
      .accounts.find((a) => a.accountUuid === roth.accountUuid)!;
    expect(listed.beneficiaries).toEqual(after);

    // An empty designation removes everyone.
    const cleared = await customer.send('PUT', beneficiariesPath(roth.accountUuid), { beneficiaries: [] });
    expect(cleared.json<BeneficiaryAccount>().beneficiaries).toEqual([]);
  });

  it('shares of a tier must be whole percents adding up to 100 (400 with the rule message, nothing stored)', async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const roth = await accountOf(customer, 'ROTH_IRA');
    const under = await customer.send('PUT', beneficiariesPath(roth.accountUuid), {
      beneficiaries: [person({ sharePercent: 50 }), person({ firstName: 'Sam', sharePercent: 30 })],
    });
    expect(expectError(under, 400, ProfileErrorCode.BENEFICIARIES_INVALID).message).toBe(
      "Primary beneficiaries' shares must add up to 100% (now 80%)",
    );
    expectInvalid(await customer.send('PUT', beneficiariesPath(roth.accountUuid), { beneficiaries: [person({ sharePercent: 99.5 })] }));
    const contingentOnly = await customer.send('PUT', beneficiariesPath(roth.accountUuid), {
      beneficiaries: [person({ tier: 'CONTINGENT' })],
    });
    expect(expectError(contingentOnly, 400, ProfileErrorCode.BENEFICIARIES_INVALID).message).toBe(
      'Add a primary beneficiary before contingent ones',
    );
    const future = await customer.send('PUT', beneficiariesPath(roth.accountUuid), {
      beneficiaries: [person({ dateOfBirth: '2030-01-01' })],
    });
    expectError(future, 400, ProfileErrorCode.BENEFICIARIES_INVALID);
    const listed = (await customer.get(ApiPaths.profileBeneficiaries))
      .json<BeneficiariesResponse>()
      .accounts.find((a) => a.accountUuid === roth.accountUuid)!;
    expect(listed.beneficiaries).toEqual([]);
  });

  it("another customer's beneficiary id is 404 and changes nothing", async () => {
    const owner = await freshCustomer(app, 'alex@fundflow.test');
    const ownerIra = await accountOf(owner, 'TRADITIONAL_IRA');
    const created = (
      await owner.send('PUT', beneficiariesPath(ownerIra.accountUuid), { beneficiaries: [person()] })
    ).json<BeneficiaryAccount>();
    const theirs = created.beneficiaries[0].id;

    const other = await freshCustomer(app, 'alex@fundflow.test');
    const otherIra = await accountOf(other, 'TRADITIONAL_IRA');
    const response = await other.send('PUT', beneficiariesPath(otherIra.accountUuid), {
      beneficiaries: [{ ...person({ firstName: 'Mallory' }), id: theirs }],
    });
    expectError(response, 404, ProfileErrorCode.BENEFICIARY_NOT_FOUND);
    // A made-up id and a malformed one are the same 404.
    expectError(
      await other.send('PUT', beneficiariesPath(otherIra.accountUuid), { beneficiaries: [{ ...person(), id: randomUUID() }] }),
      404,
      ProfileErrorCode.BENEFICIARY_NOT_FOUND,
    );
    expectError(
      await other.send('PUT', beneficiariesPath(otherIra.accountUuid), { beneficiaries: [{ ...person(), id: 'not-a-uuid' }] }),
      404,
      ProfileErrorCode.BENEFICIARY_NOT_FOUND,
    );

    const ownerView = (await owner.get(ApiPaths.profileBeneficiaries))
      .json<BeneficiariesResponse>()
      .accounts.find((a) => a.accountUuid === ownerIra.accountUuid)!;
    expect(ownerView.beneficiaries.map((b) => [b.id, b.firstName])).toEqual([[theirs, 'Taylor']]);
  });

  it("another customer's IRA is 404; the customer's own non-IRA account is 422", async () => {
    const owner = await freshCustomer(app, 'alex@fundflow.test');
    const ownerIra = await accountOf(owner, 'ROTH_IRA');
    const other = await freshCustomer(app, 'alex@fundflow.test');
    expectError(
      await other.send('PUT', beneficiariesPath(ownerIra.accountUuid), { beneficiaries: [person()] }),
      404,
      ProfileErrorCode.ACCOUNT_NOT_FOUND,
    );
    expectError(
      await other.send('PUT', beneficiariesPath('nonsense'), { beneficiaries: [person()] }),
      404,
      ProfileErrorCode.ACCOUNT_NOT_FOUND,
    );
    const brokerage = await accountOf(other, 'US');
    expectError(
      await other.send('PUT', beneficiariesPath(brokerage.accountUuid), { beneficiaries: [person()] }),
      422,
      ProfileErrorCode.BENEFICIARY_ACCOUNT_NOT_IRA,
    );
    const ownerView = (await owner.get(ApiPaths.profileBeneficiaries))
      .json<BeneficiariesResponse>()
      .accounts.find((a) => a.accountUuid === ownerIra.accountUuid)!;
    expect(ownerView.beneficiaries).toEqual([]);
  });
});

describe('account info', () => {
  it('answers each account with the last 4 digits only, and the legal name and email', async () => {
    const alex = await signedInCustomer(app, 'alex@fundflow.test');
    const response = await alex.get(ApiPaths.profileAccountInfo);
    const body = response.json<AccountInfoResponse>();
    expect(body.legalName).toEqual({ firstName: 'Alex', lastName: 'Morgan' });
    expect(body.email).toBe('alex@fundflow.test');
    expect(body.accounts.map((account) => [account.variant, account.accountNumberLast4, account.openedOn, account.status])).toEqual([
      ['US', '9075', '2023-03-14', 'OPEN'],
      ['TRADITIONAL_IRA', '9076', '2023-06-02', 'OPEN'],
      ['ROTH_IRA', '9077', '2024-01-09', 'OPEN'],
      ['HIGH_YIELD', '9078', '2024-04-22', 'OPEN'],
    ]);
    expect(body.accounts[0].owners).toEqual([{ name: 'Alex Morgan', role: 'OWNER' }]);
    // No full account number anywhere in the answer.
    expect(response.body).not.toContain('482139075');
  });

  it('a joint account lists both owners; an entity account the entity and its signers', async () => {
    const joint = (await (await signedInCustomer(app, 'joint@fundflow.test')).get(ApiPaths.profileAccountInfo)).json<AccountInfoResponse>();
    expect(joint.accounts[0].registration).toBe('JOINT');
    expect(joint.accounts[0].owners).toEqual([
      { name: 'Priya Patel', role: 'OWNER' },
      { name: 'Arjun Patel', role: 'JOINT_OWNER' },
    ]);
    const entity = (
      await (await signedInCustomer(app, 'entity@fundflow.test')).get(ApiPaths.profileAccountInfo)
    ).json<AccountInfoResponse>();
    expect(entity.accounts[0].registration).toBe('ENTITY');
    expect(entity.accounts[0].owners).toEqual([
      { name: 'Northwind Holdings LLC', role: 'ENTITY' },
      { name: 'Morgan Chen', role: 'AUTHORIZED_SIGNER' },
      { name: 'Elena Park', role: 'AUTHORIZED_SIGNER' },
    ]);
  });
});

describe('membership', () => {
  it('Basic by default; upgrading and downgrading are stored; asking for the same plan changes nothing', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    expect((await customer.get(ApiPaths.profileMembership)).json<MembershipResponse>()).toEqual({ plan: 'BASIC', changedAt: null });
    const upgraded = (await customer.send('PUT', ApiPaths.profileMembership, { plan: 'PREMIUM' })).json<MembershipResponse>();
    expect(upgraded.plan).toBe('PREMIUM');
    expect(upgraded.changedAt).not.toBeNull();
    const again = (await customer.send('PUT', ApiPaths.profileMembership, { plan: 'PREMIUM' })).json<MembershipResponse>();
    expect(again).toEqual(upgraded);
    expect((await customer.get(ApiPaths.profileMembership)).json<MembershipResponse>().plan).toBe('PREMIUM');
    await customer.send('PUT', ApiPaths.profileMembership, { plan: 'BASIC' });
    expect((await customer.get(ApiPaths.profileMembership)).json<MembershipResponse>().plan).toBe('BASIC');
  });

  it('an unknown plan is 400; a closed customer cannot change plans (403)', async () => {
    const customer = await freshCustomer(app, 'new@fundflow.test');
    expectInvalid(await customer.send('PUT', ApiPaths.profileMembership, { plan: 'GOLD' }));
    const closed = await freshCustomer(app, 'closed@fundflow.test');
    expectError(await closed.send('PUT', ApiPaths.profileMembership, { plan: 'PREMIUM' }), 403, ProfileErrorCode.MEMBERSHIP_NOT_ALLOWED);
  });
});

it('every profile call needs a session', async () => {
  for (const url of [
    ApiPaths.profileInvestingProfile,
    ApiPaths.profileTrustedContact,
    ApiPaths.profileBeneficiaries,
    ApiPaths.profileAccountInfo,
    ApiPaths.profileMembership,
  ]) {
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
  }
});

it('copyDemoProfileData gives a copied customer the profile data of the template', async () => {
  const template = await signedInCustomer(app, 'alex@fundflow.test');
  const copy = await freshCustomer(app, 'alex@fundflow.test');
  const from = await accountsOf(template);
  const to = await accountsOf(copy);
  const map = new Map(from.map((account) => [account.accountUuid, to.find((other) => other.variant === account.variant)!.accountUuid]));
  await profileDb(db).deleteFrom('beneficiaries').where('user_id', '=', copy.userId).execute();
  await profileDb(db).deleteFrom('investing_profiles').where('user_id', '=', copy.userId).execute();
  await profileDb(db).deleteFrom('trusted_contacts').where('user_id', '=', copy.userId).execute();
  await profileDb(db).deleteFrom('memberships').where('user_id', '=', copy.userId).execute();
  await db.transaction().execute((trx) => copyDemoProfileData(trx, template.userId, copy.userId, map));
  expect((await copy.get(ApiPaths.profileInvestingProfile)).json<InvestingProfileResponse>().profile?.investmentObjective).toBe('GROWTH');
  expect((await copy.get(ApiPaths.profileTrustedContact)).json<TrustedContactResponse>().trustedContact?.firstName).toBe('Jamie');
  expect((await copy.get(ApiPaths.profileMembership)).json<MembershipResponse>().plan).toBe('PREMIUM');
  const ira = (await copy.get(ApiPaths.profileBeneficiaries)).json<BeneficiariesResponse>().accounts[0];
  expect(ira.beneficiaries.map((b) => b.firstName)).toEqual(['Taylor', 'Riley', 'Avery']);
});
