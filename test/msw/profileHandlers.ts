import { http, HttpResponse } from 'msw';
import {
  addressDraftFrom,
  ApiPaths,
  beneficiaryDesignationProblems,
  DEFAULT_MEMBERSHIP_PLAN,
  emptyAddressDraft,
  investingProfileProblems,
  normalisePhone,
  ProfileErrorCode,
  trustedContactErrors,
  type AccountInfoResponse,
  type BeneficiariesResponse,
  type BeneficiariesUpdateRequest,
  type BeneficiaryAccount,
  type ErrorBody,
  type InvestingProfile,
  type InvestingProfileResponse,
  type MembershipRequest,
  type MembershipResponse,
  type TrustedContact,
  type TrustedContactRequest,
  type TrustedContactResponse,
} from '../../api/contract';
import { API_ORIGIN } from './handlers';

// A small in-memory profile backend for unit tests, typed by the contract and judging with the contract's
// rules (profileRules.ts), as the server does: a save the server would refuse is refused here too.
const url = (path: string) => `${API_ORIGIN}${path}`;
const refuse = (status: number, errorCode: string, message: string) => HttpResponse.json<ErrorBody>({ errorCode, message }, { status });

export interface ProfileBackendState {
  investing: InvestingProfileResponse;
  trustedContact: TrustedContact | null;
  beneficiaries: BeneficiaryAccount[];
  accountInfo: AccountInfoResponse;
  membership: MembershipResponse;
}

export const investingProfileFixture = (overrides: Partial<InvestingProfile> = {}): InvestingProfile => ({
  investmentObjective: 'GROWTH',
  riskTolerance: 'HIGH',
  timeHorizon: 'LONG',
  investmentExperience: 'GOOD',
  liquidityNeeds: 'SOMEWHAT_IMPORTANT',
  annualIncome: 'FROM_100K_TO_200K',
  netWorth: 'FROM_250K_TO_500K',
  liquidNetWorth: 'FROM_100K_TO_250K',
  ...overrides,
});

export const accountInfoFixture = (): AccountInfoResponse => ({
  legalName: { firstName: 'Alex', lastName: 'Morgan' },
  email: 'alex@fundflow.test',
  accounts: [
    {
      accountUuid: 'uuid-brokerage',
      variant: 'US',
      displayName: 'Brokerage',
      status: 'OPEN',
      accountNumberLast4: '2345',
      openedOn: '2024-03-14',
      registration: 'INDIVIDUAL',
      owners: [{ name: 'Alex Morgan', role: 'OWNER' }],
    },
  ],
});

export const iraFixture = (overrides: Partial<BeneficiaryAccount> = {}): BeneficiaryAccount => ({
  accountUuid: 'uuid-traditional-ira',
  variant: 'TRADITIONAL_IRA',
  displayName: 'Traditional IRA',
  accountNumberLast4: '9076',
  beneficiaries: [],
  updatedAt: null,
  ...overrides,
});

/** The backend's handlers and its state, which tests read to see what was saved. */
export function profileBackend(initial: Partial<ProfileBackendState> = {}) {
  const state: ProfileBackendState = {
    investing: { profile: null, updatedAt: null },
    trustedContact: null,
    beneficiaries: [],
    accountInfo: accountInfoFixture(),
    membership: { plan: DEFAULT_MEMBERSHIP_PLAN, changedAt: null },
    ...initial,
  };
  let nextId = 1;
  const now = () => new Date().toISOString();
  const today = now().slice(0, 10);

  const handlers = [
    http.get(url(ApiPaths.profileInvestingProfile), () => HttpResponse.json<InvestingProfileResponse>(state.investing)),
    http.put<never, InvestingProfile>(url(ApiPaths.profileInvestingProfile), async ({ request }) => {
      const profile = await request.json();
      const problems = investingProfileProblems(profile);
      if (problems.length > 0) return refuse(400, ProfileErrorCode.INVESTING_PROFILE_INVALID, problems[0].message);
      state.investing = { profile, updatedAt: now() };
      return HttpResponse.json<InvestingProfileResponse>(state.investing);
    }),

    http.get(url(ApiPaths.profileTrustedContact), () =>
      HttpResponse.json<TrustedContactResponse>({ trustedContact: state.trustedContact }),
    ),
    http.put<never, TrustedContactRequest>(url(ApiPaths.profileTrustedContact), async ({ request }) => {
      const body = await request.json();
      const problems = Object.values(
        trustedContactErrors({
          ...body,
          email: body.email ?? '',
          phone: body.phone ?? '',
          includeAddress: body.address !== null,
          address: body.address ? addressDraftFrom(body.address) : emptyAddressDraft,
        }),
      );
      if (problems.length > 0) return refuse(400, ProfileErrorCode.TRUSTED_CONTACT_INVALID, problems[0]);
      state.trustedContact = {
        id: state.trustedContact?.id ?? `contact-${nextId++}`,
        ...body,
        phone: body.phone ? normalisePhone(body.phone) : null,
        updatedAt: now(),
      };
      return HttpResponse.json<TrustedContactResponse>({ trustedContact: state.trustedContact });
    }),
    http.delete(url(ApiPaths.profileTrustedContact), () => {
      if (!state.trustedContact) return refuse(404, ProfileErrorCode.TRUSTED_CONTACT_NOT_FOUND, 'You have no trusted contact on file.');
      state.trustedContact = null;
      return new HttpResponse(null, { status: 204 });
    }),

    http.get(url(ApiPaths.profileBeneficiaries), () => HttpResponse.json<BeneficiariesResponse>({ accounts: state.beneficiaries })),
    http.put<{ accountUuid: string }, BeneficiariesUpdateRequest>(
      url(ApiPaths.profileAccountBeneficiaries),
      async ({ params, request }) => {
        const account = state.beneficiaries.find((candidate) => candidate.accountUuid === params.accountUuid);
        if (!account) return refuse(404, ProfileErrorCode.ACCOUNT_NOT_FOUND, 'We could not find that account.');
        const { beneficiaries } = await request.json();
        if (
          beneficiaries.some((person) => person.id !== undefined && !account.beneficiaries.some((existing) => existing.id === person.id))
        ) {
          return refuse(404, ProfileErrorCode.BENEFICIARY_NOT_FOUND, 'We could not find that beneficiary.');
        }
        const problems = beneficiaryDesignationProblems(beneficiaries, today);
        if (problems.length > 0) return refuse(400, ProfileErrorCode.BENEFICIARIES_INVALID, problems[0]);
        account.beneficiaries = beneficiaries
          .map((person) => ({ ...person, id: person.id ?? `beneficiary-${nextId++}` }))
          .sort((a, b) => (a.tier === b.tier ? 0 : a.tier === 'PRIMARY' ? -1 : 1));
        account.updatedAt = now();
        return HttpResponse.json<BeneficiaryAccount>(account);
      },
    ),

    http.get(url(ApiPaths.profileAccountInfo), () => HttpResponse.json<AccountInfoResponse>(state.accountInfo)),

    http.get(url(ApiPaths.profileMembership), () => HttpResponse.json<MembershipResponse>(state.membership)),
    http.put<never, MembershipRequest>(url(ApiPaths.profileMembership), async ({ request }) => {
      const { plan } = await request.json();
      if (plan !== state.membership.plan) state.membership = { plan, changedAt: now() };
      return HttpResponse.json<MembershipResponse>(state.membership);
    }),
  ];
  return { state, handlers };
}

/** Every profile call answers 500: the pages' error states. */
export const profileDownHandlers = () =>
  [
    ApiPaths.profileInvestingProfile,
    ApiPaths.profileTrustedContact,
    ApiPaths.profileBeneficiaries,
    ApiPaths.profileAccountInfo,
    ApiPaths.profileMembership,
  ].map((path) => http.get(url(path), () => refuse(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.')));
