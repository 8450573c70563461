import type { Migration } from 'kysely';
import * as foundation from './0001_foundation';
import * as fundingMethods from './0002_funding_methods';
import * as deposits from './0003_deposits';
import * as withdrawals from './0004_withdrawals';
import * as portfolio from './0005_portfolio';
import * as services from './0006_services';
import * as liveEvents from './0007_live_events';
import * as documents from './0008_documents';
import * as profile from './0009_profile';
import * as onboardingCrypto from './0010_onboarding_crypto';
import * as rateLimits from './0011_rate_limits';
import * as limitsAsExposure from './0012_limits_as_exposure';
import * as achReturns from './0013_ach_returns';
import * as oneTimeScheduledDeposits from './0014_one_time_scheduled_deposits';
import * as notifications from './0015_notifications';
import * as sessionsAndKeyPruning from './0016_sessions_and_key_pruning';

/**
 * Every migration, in order, imported statically: a folder scan breaks under bundling, tsx and jest alike.
 * Names sort lexically; never rename or edit one that has shipped, add a new one.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_funding_methods': fundingMethods,
  '0003_deposits': deposits,
  '0004_withdrawals': withdrawals,
  '0005_portfolio': portfolio,
  '0006_services': services,
  '0007_live_events': liveEvents,
  '0008_documents': documents,
  '0009_profile': profile,
  '0010_onboarding_crypto': onboardingCrypto,
  '0011_rate_limits': rateLimits,
  '0012_limits_as_exposure': limitsAsExposure,
  '0013_ach_returns': achReturns,
  '0014_one_time_scheduled_deposits': oneTimeScheduledDeposits,
  '0015_notifications': notifications,
  '0016_sessions_and_key_pruning': sessionsAndKeyPruning,
};
