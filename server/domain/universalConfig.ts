import { Value } from '@sinclair/typebox/value';
import { ASSET_KINDS, DEFAULT_FLAGS, FeatureFlags, type UniversalConfig } from '../../api/contract';

/** app_config keys: one row per flag ("flags.highYield" → true) and per asset kind ("marketRestrictions.crypto" → true). */
export const FLAG_KEY_PREFIX = 'flags.';
export const MARKET_RESTRICTION_KEY_PREFIX = 'marketRestrictions.';

export interface ConfigProblem {
  key: string;
  problem: string;
}

/**
 * The universal configuration from stored rows: every flag has a value (DEFAULT_FLAGS fills the gaps) and
 * a stored value of the wrong type is ignored and reported rather than sent to every client.
 */
export function resolveUniversalConfig(stored: Map<string, unknown>): { config: UniversalConfig; problems: ConfigProblem[] } {
  const flags = { ...DEFAULT_FLAGS };
  const marketRestrictions: Record<string, boolean> = Object.fromEntries(ASSET_KINDS.map((kind) => [kind, false]));
  const problems: ConfigProblem[] = [];

  for (const [key, value] of stored) {
    if (key.startsWith(FLAG_KEY_PREFIX)) {
      const name = key.slice(FLAG_KEY_PREFIX.length);
      if (!Object.hasOwn(FeatureFlags.properties, name)) {
        problems.push({ key, problem: 'unknown flag' });
        continue;
      }
      const flag = name as keyof typeof FeatureFlags.properties;
      if (!Value.Check(FeatureFlags.properties[flag], value)) {
        problems.push({ key, problem: 'value does not match the flag type' });
        continue;
      }
      (flags as Record<string, unknown>)[flag] = value;
    } else if (key.startsWith(MARKET_RESTRICTION_KEY_PREFIX)) {
      const kind = key.slice(MARKET_RESTRICTION_KEY_PREFIX.length);
      if (typeof value !== 'boolean' || kind === '') {
        problems.push({ key, problem: 'market restriction must be true or false' });
        continue;
      }
      marketRestrictions[kind] = value;
    }
  }
  return { config: { flags, marketRestrictions }, problems };
}
