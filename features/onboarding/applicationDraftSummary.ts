import {
  CITIZENSHIP_LABELS,
  EMPLOYMENT_LABELS,
  INVESTMENT_OBJECTIVE_OPTIONS,
  RISK_TOLERANCE_OPTIONS,
  employmentNeedsEmployer,
  optionLabel,
} from '../../api/contract/values';
import { OnboardingCopy } from './onboardingCopy';
import type { ApplicationDrafts } from './setupInvestingSlice';

/** One line about a step given on this visit; null when it was not. */
export function draftSummary(step: string, drafts: ApplicationDrafts, ssn: string): string | null {
  if (step === 'IDENTITY' && drafts.identity) {
    const i = drafts.identity;
    return `${i.legalFirstName} ${i.legalLastName}, ${CITIZENSHIP_LABELS[i.citizenship]}, ${OnboardingCopy.ssnEnding(ssn.slice(-4))}`;
  }
  if (step === 'EMPLOYMENT' && drafts.employment) {
    const e = drafts.employment;
    return employmentNeedsEmployer(e.status)
      ? `${EMPLOYMENT_LABELS[e.status]}: ${e.occupation} at ${e.employer}`
      : EMPLOYMENT_LABELS[e.status];
  }
  if (step === 'INVESTING_PROFILE' && drafts.investingProfile) {
    const p = drafts.investingProfile;
    return `${optionLabel(INVESTMENT_OBJECTIVE_OPTIONS, p.investmentObjective)}; risk: ${optionLabel(RISK_TOLERANCE_OPTIONS, p.riskTolerance).split(':')[0]}`;
  }
  if (step === 'DISCLOSURES' && drafts.disclosures) return 'Customer agreement accepted';
  return null;
}
