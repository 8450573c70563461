import { applicationFixture } from '../../test/msw/onboardingHandlers';
import {
  applicationStarted,
  applicationSubmitted,
  backPressed,
  editStepPressed,
  initialSetupInvestingState,
  setupInvestingReducer,
  stepCompleted,
  type SetupInvestingState,
} from './setupInvestingSlice';
import {
  addressMissing,
  missingFormSteps,
  needsApplicationRefetch,
  setupInvestingView,
  shownApplicationStatus,
} from './setupInvestingView';

const employment = { status: 'RETIRED' as const, employer: null, occupation: null };
const disclosures = { brokerDealer: false, publiclyTraded: false, politicallyExposed: false, agreementAccepted: true as const };
const run = (...actions: Parameters<typeof setupInvestingReducer>[1][]): SetupInvestingState =>
  actions.reduce(setupInvestingReducer, initialSetupInvestingState);

describe('the /setup-investing wizard', () => {
  it('Continue walks the missing steps in order, then the review', () => {
    let state = run(applicationStarted(['EMPLOYMENT', 'DISCLOSURES']));
    expect(state).toMatchObject({ phase: 'form', index: 0 });
    state = setupInvestingReducer(state, stepCompleted({ step: 'EMPLOYMENT', values: employment }));
    expect(state).toMatchObject({ phase: 'form', index: 1, drafts: { employment } });
    state = setupInvestingReducer(state, stepCompleted({ step: 'DISCLOSURES', values: disclosures }));
    expect(state.phase).toBe('review');
    expect(state.drafts).toEqual({ employment, disclosures });
  });

  it('Back goes one step back, from the review to the last step, and from the first step to the checklist', () => {
    let state = run(
      applicationStarted(['EMPLOYMENT', 'DISCLOSURES']),
      stepCompleted({ step: 'EMPLOYMENT', values: employment }),
      stepCompleted({ step: 'DISCLOSURES', values: disclosures }),
    );
    state = setupInvestingReducer(state, backPressed());
    expect(state).toMatchObject({ phase: 'form', index: 1 });
    state = setupInvestingReducer(state, backPressed());
    expect(state).toMatchObject({ phase: 'form', index: 0 });
    state = setupInvestingReducer(state, backPressed());
    expect(state.phase).toBe('checklist');
    // What was given stays, for Continue again.
    expect(state.drafts.employment).toEqual(employment);
  });

  it('Edit on the review opens that step; an answer there goes back to the review when it is the last', () => {
    let state = run(
      applicationStarted(['EMPLOYMENT', 'DISCLOSURES']),
      stepCompleted({ step: 'EMPLOYMENT', values: employment }),
      stepCompleted({ step: 'DISCLOSURES', values: disclosures }),
    );
    state = setupInvestingReducer(state, editStepPressed('EMPLOYMENT'));
    expect(state).toMatchObject({ phase: 'form', index: 0 });
    state = setupInvestingReducer(state, editStepPressed('IDENTITY'));
    expect(state).toMatchObject({ phase: 'form', index: 0 });
  });

  it('nothing missing goes straight to the review; a submission forgets the drafts', () => {
    expect(run(applicationStarted([])).phase).toBe('review');
    expect(
      run(applicationStarted(['EMPLOYMENT']), stepCompleted({ step: 'EMPLOYMENT', values: employment }), applicationSubmitted()),
    ).toEqual(initialSetupInvestingState);
  });
});

describe('which screen /setup-investing shows', () => {
  const view = (status: Parameters<typeof setupInvestingView>[0]['status'], phase: SetupInvestingState['phase'] = 'checklist') =>
    setupInvestingView({ loading: false, failed: false, status, phase });

  it('follows the status first: complete, under review, declined', () => {
    expect(view('COMPLETE', 'form')).toBe('complete');
    expect(view('PENDING', 'review')).toBe('reviewing');
    expect(view('REJECTED')).toBe('rejected');
  });

  it('an open application shows the checklist or the wizard', () => {
    expect(view('INCOMPLETE')).toBe('checklist');
    expect(view('NOT_STARTED', 'form')).toBe('form');
    expect(view('ACTION_REQUIRED', 'review')).toBe('review');
  });

  it('loading until the application is known; an error when it failed', () => {
    expect(setupInvestingView({ loading: true, failed: false, status: null, phase: 'checklist' })).toBe('loading');
    expect(setupInvestingView({ loading: false, failed: true, status: null, phase: 'checklist' })).toBe('error');
  });

  it('an open account counts as COMPLETE before the application catches up; other poll answers refetch it', () => {
    expect(shownApplicationStatus('PENDING', 'COMPLETE')).toBe('COMPLETE');
    expect(shownApplicationStatus('PENDING', 'INCOMPLETE')).toBe('PENDING');
    expect(shownApplicationStatus(null, 'COMPLETE')).toBeNull();
    expect(needsApplicationRefetch('PENDING', 'REJECTED')).toBe(true);
    expect(needsApplicationRefetch('PENDING', 'PENDING')).toBe(false);
    expect(needsApplicationRefetch('INCOMPLETE', 'COMPLETE')).toBe(false);
  });

  it('the missing form steps, in order, and whether the address is missing', () => {
    expect(missingFormSteps(applicationFixture())).toEqual(['EMPLOYMENT', 'INVESTING_PROFILE', 'DISCLOSURES']);
    expect(addressMissing(applicationFixture())).toBe(false);
    expect(addressMissing(applicationFixture({}, ['IDENTITY']))).toBe(true);
    expect(missingFormSteps(applicationFixture({}, []))).toEqual(['IDENTITY', 'EMPLOYMENT', 'INVESTING_PROFILE', 'DISCLOSURES']);
  });
});
