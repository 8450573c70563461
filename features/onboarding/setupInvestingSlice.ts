import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { DisclosuresSection, EmploymentSection, FormStep, IdentitySection, InvestingProfileSection } from '../../api/contract';
import { rootReducer } from '../../store/rootReducer';

/**
 * The /setup-investing wizard as client state: which missing steps the customer is filling, where they are, and
 * what they gave so far (committed on each step's Next). The SSN never comes here (it would reach DevTools and a
 * support export): the page keeps it in component state until it submits. Server data (the application and its
 * status) stays in the RTK Query cache.
 */

export type IdentityDraft = Omit<IdentitySection, 'ssn'>;

export interface ApplicationDrafts {
  identity?: IdentityDraft;
  employment?: EmploymentSection;
  investingProfile?: InvestingProfileSection;
  disclosures?: DisclosuresSection;
}

export type WizardPhase = 'checklist' | 'form' | 'review';

export interface SetupInvestingState {
  phase: WizardPhase;
  /** The steps being filled, in order (the ones missing when the customer pressed Continue). */
  steps: FormStep[];
  index: number;
  drafts: ApplicationDrafts;
}

export const initialSetupInvestingState: SetupInvestingState = { phase: 'checklist', steps: [], index: 0, drafts: {} };

type StepValues =
  | { step: 'IDENTITY'; values: IdentityDraft }
  | { step: 'EMPLOYMENT'; values: EmploymentSection }
  | { step: 'INVESTING_PROFILE'; values: InvestingProfileSection }
  | { step: 'DISCLOSURES'; values: DisclosuresSection };

const setupInvestingSliceDefinition = createSlice({
  name: 'setupInvesting',
  initialState: initialSetupInvestingState,
  reducers: {
    /** Continue on the checklist: fill the missing steps in order. With none missing, go straight to review. */
    applicationStarted(state, action: PayloadAction<FormStep[]>) {
      state.steps = action.payload;
      state.index = 0;
      state.phase = action.payload.length ? 'form' : 'review';
    },
    stepCompleted(state, action: PayloadAction<StepValues>) {
      const { step, values } = action.payload;
      if (step === 'IDENTITY') state.drafts.identity = values;
      else if (step === 'EMPLOYMENT') state.drafts.employment = values;
      else if (step === 'INVESTING_PROFILE') state.drafts.investingProfile = values;
      else state.drafts.disclosures = values;
      const at = state.steps.indexOf(step);
      if (at >= 0 && at + 1 < state.steps.length) {
        state.index = at + 1;
        state.phase = 'form';
      } else state.phase = 'review';
    },
    backPressed(state) {
      if (state.phase === 'review' && state.steps.length) {
        state.phase = 'form';
        state.index = state.steps.length - 1;
      } else if (state.phase === 'form' && state.index > 0) state.index -= 1;
      else state.phase = 'checklist';
    },
    /** Edit on the review screen: back to that step's form. */
    editStepPressed(state, action: PayloadAction<FormStep>) {
      const at = state.steps.indexOf(action.payload);
      if (at < 0) return;
      state.index = at;
      state.phase = 'form';
    },
    /** The server took the application (its answer is in the cache already): the drafts are no longer needed. */
    applicationSubmitted() {
      return initialSetupInvestingState;
    },
    /** Leaving the page, or the application moved on (decided elsewhere). */
    setupInvestingReset() {
      return initialSetupInvestingState;
    },
  },
  selectors: {
    selectWizardPhase: (state) => state.phase,
    selectWizardSteps: (state) => state.steps,
    selectCurrentFormStep: (state): FormStep | null => (state.phase === 'form' ? (state.steps[state.index] ?? null) : null),
    selectApplicationDrafts: (state) => state.drafts,
    selectWizardProgress: (state) => ({ current: Math.min(state.index + 1, state.steps.length), total: state.steps.length }),
  },
});

declare module '../../store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof setupInvestingSliceDefinition> {}
}

/** Injected when the page's chunk loads, so the first bundle does not carry it. */
export const setupInvestingSlice = setupInvestingSliceDefinition.injectInto(rootReducer);
export const setupInvestingReducer = setupInvestingSliceDefinition.reducer;

export const { applicationStarted, stepCompleted, backPressed, editStepPressed, applicationSubmitted, setupInvestingReset } =
  setupInvestingSlice.actions;
export const { selectWizardPhase, selectWizardSteps, selectCurrentFormStep, selectApplicationDrafts, selectWizardProgress } =
  setupInvestingSlice.selectors;
