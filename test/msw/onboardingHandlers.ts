import { http, HttpResponse } from 'msw';
import {
  APPLICATION_STEP_LABELS,
  APPLICATION_STEPS,
  ApiPaths,
  type AccountsResponse,
  type ApplicationResponse,
  type ApplicationStatus,
  type ApplicationStep,
  type ErrorBody,
  type MeResponse,
  type SubmitApplicationRequest,
} from '../../api/contract';
import { accountFixture, userFixture } from '../fixtures';
import { API_ORIGIN } from './handlers';

const url = (path: string) => `${API_ORIGIN}${path}`;

export function applicationFixture(
  overrides: Partial<ApplicationResponse> = {},
  complete: ApplicationStep[] = ['IDENTITY', 'ADDRESS'],
): ApplicationResponse {
  return {
    status: 'INCOMPLETE',
    steps: APPLICATION_STEPS.map((step) => ({
      step,
      label: APPLICATION_STEP_LABELS[step],
      complete: complete.includes(step),
      summary: complete.includes(step)
        ? step === 'IDENTITY'
          ? 'Taylor Brooks, U.S. citizen, SSN ending 6789'
          : '2150 Larimer Street, Denver, CO 80205'
        : null,
    })),
    actionRequired: null,
    rejectionMessage: null,
    submittedAt: null,
    decidedAt: null,
    firstName: 'Taylor',
    lastName: 'Brooks',
    ...overrides,
  };
}

/**
 * An in-memory application backend for unit tests, answering like the server: GET application, POST submit (PENDING),
 * and GET me / accounts with the status; `decide` plays the reviewer.
 */
export function onboardingBackend(
  initial: ApplicationResponse = applicationFixture(),
  options: { refuse?: ErrorBody & { status: number } } = {},
) {
  const state = {
    application: initial,
    submissions: [] as SubmitApplicationRequest[],
    meCalls: 0,
    account: accountFixture({ status: initial.status === 'COMPLETE' ? 'OPEN' : 'PENDING' }),
  };
  const decide = (
    status: Extract<ApplicationStatus, 'COMPLETE' | 'REJECTED' | 'ACTION_REQUIRED'>,
    message = 'Please check your identity details.',
  ) => {
    state.application = {
      ...state.application,
      status,
      decidedAt: '2026-03-02T15:00:20.000Z',
      rejectionMessage: status === 'REJECTED' ? message : null,
      actionRequired: status === 'ACTION_REQUIRED' ? { reason: 'RESUBMIT_ID', message } : null,
      steps: state.application.steps.map((step) =>
        status === 'ACTION_REQUIRED' && step.step === 'IDENTITY' ? { ...step, complete: false, summary: null } : step,
      ),
    };
    state.account = {
      ...state.account,
      status: status === 'COMPLETE' ? 'OPEN' : status === 'ACTION_REQUIRED' ? 'ACTION_REQUIRED' : 'PENDING',
    };
  };
  const handlers = [
    http.get(url(ApiPaths.onboardingApplication), () => HttpResponse.json<ApplicationResponse>(state.application)),
    http.post<never, SubmitApplicationRequest, ApplicationResponse | ErrorBody>(
      url(ApiPaths.onboardingApplicationSubmit),
      async ({ request }) => {
        state.submissions.push(await request.json());
        if (options.refuse) {
          const { status, ...body } = options.refuse;
          return HttpResponse.json<ErrorBody>(body, { status });
        }
        state.application = {
          ...state.application,
          status: 'PENDING',
          submittedAt: '2026-03-02T15:00:00.000Z',
          actionRequired: null,
          steps: state.application.steps.map((step) => ({ ...step, complete: true, summary: step.summary ?? 'Given' })),
        };
        state.account = { ...state.account, status: 'PENDING' };
        return HttpResponse.json<ApplicationResponse>(state.application, { status: 202 });
      },
    ),
    http.get(url(ApiPaths.me), () => {
      state.meCalls += 1;
      return HttpResponse.json<MeResponse>({
        user: userFixture({ applicationStatus: state.application.status, firstName: 'Taylor', lastName: 'Brooks' }),
      });
    }),
    http.get(url(ApiPaths.accounts), () => HttpResponse.json<AccountsResponse>({ accounts: [state.account] })),
  ];
  return { state, handlers, decide };
}
