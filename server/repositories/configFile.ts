import { readFile, stat } from 'node:fs/promises';
import { FLAG_KEY_PREFIX, MARKET_RESTRICTION_KEY_PREFIX, type ConfigProblem } from '../domain/universalConfig';

/**
 * The operator's configuration file (FUNDFLOW_CONFIG_FILE, default ./fundflow.config.json):
 *
 *   { "flags": { "highYield": true }, "marketRestrictions": { "crypto": true } }
 *
 * It is read again whenever it changes (its modification time or size), so editing it changes what the next
 * /api/config answer says, without a restart or a rebuild. Its entries go over the app_config table's.
 * A missing file is no configuration; a file that is not such JSON is reported and ignored as a whole.
 */
export interface ConfigFileReading {
  entries: Map<string, unknown>;
  problems: ConfigProblem[];
}

const SECTIONS: Record<string, string> = { flags: FLAG_KEY_PREFIX, marketRestrictions: MARKET_RESTRICTION_KEY_PREFIX };
const NOTHING: ConfigFileReading = { entries: new Map(), problems: [] };

/** Turns the file's text into app_config-style entries ("flags.highYield" → true). */
export function parseConfigFile(text: string, path: string): ConfigFileReading {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return {
      entries: new Map(),
      problems: [{ key: path, problem: `not JSON (${error instanceof Error ? error.message : String(error)})` }],
    };
  }
  if (!isPlainObject(parsed)) return { entries: new Map(), problems: [{ key: path, problem: 'must be a JSON object' }] };
  const entries = new Map<string, unknown>();
  const problems: ConfigProblem[] = [];
  for (const [section, values] of Object.entries(parsed)) {
    const prefix = SECTIONS[section];
    if (prefix === undefined) {
      problems.push({ key: `${path}: ${section}`, problem: 'unknown section (expected flags or marketRestrictions)' });
    } else if (!isPlainObject(values)) {
      problems.push({ key: `${path}: ${section}`, problem: 'must be an object of names and values' });
    } else {
      for (const [name, value] of Object.entries(values)) entries.set(`${prefix}${name}`, value);
    }
  }
  return { entries, problems };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads the file when it changed since the last call; a stat per request otherwise. */
export function configFileReader(path: string | null | undefined): () => Promise<ConfigFileReading> {
  if (!path) return async () => NOTHING;
  let cached: { version: string; reading: ConfigFileReading } | undefined;
  return async () => {
    let version: string;
    try {
      const info = await stat(path);
      version = `${info.mtimeMs}:${info.size}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return NOTHING;
      return {
        entries: new Map(),
        problems: [{ key: path, problem: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` }],
      };
    }
    if (cached?.version === version) return cached.reading;
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      return {
        entries: new Map(),
        problems: [{ key: path, problem: `cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` }],
      };
    }
    const reading = parseConfigFile(text, path);
    cached = { version, reading };
    return reading;
  };
}
