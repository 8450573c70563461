import { mkdtempSync } from 'node:fs';
import { rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ApiPaths, DEFAULT_FLAGS, type UniversalConfig } from '../../api/contract';
import { writeAppConfig } from '../repositories/appConfig';
import { parseConfigFile } from '../repositories/configFile';
import { bearer } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';

// Flags are changeable without a rebuild or a restart: the operator's file is read again when it changes.

const dir = mkdtempSync(path.join(tmpdir(), 'fundflow-config-'));
const file = path.join(dir, 'fundflow.config.json');
// No flags stored in the database: the file is what the app reads.
const { app, db, logs, signIn } = useTestApp({
  config: { configFile: file },
  prepare: async (seeded) => void (await seeded.deleteFrom('app_config').execute()),
});
let accessToken: string;

beforeAll(async () => {
  ({ accessToken } = await signIn('alex@fundflow.test'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function config(): Promise<UniversalConfig> {
  const response = await app.inject({ method: 'GET', url: ApiPaths.config, headers: bearer(accessToken) });
  expect(response.statusCode).toBe(200);
  return response.json<UniversalConfig>();
}

/** Writes the file with a modification time that differs from the last write's, as an editor saving it would. */
let writes = 0;
async function writeConfig(content: string): Promise<void> {
  await writeFile(file, content);
  writes += 1;
  const when = new Date(Date.UTC(2026, 0, 1, 0, 0, writes));
  await utimes(file, when, when);
}

describe('the configuration file (FUNDFLOW_CONFIG_FILE)', () => {
  it('is optional: without it the defaults and the table apply', async () => {
    expect((await config()).flags).toEqual(DEFAULT_FLAGS);
  });

  it('changes the next answer when edited, over the app_config table', async () => {
    await writeAppConfig(db, 'flags.highYield', false, new Date());
    await writeAppConfig(db, 'flags.dcfLimit', 3000, new Date());
    await writeConfig(JSON.stringify({ flags: { highYield: true, newerSettingsLayout: false }, marketRestrictions: { crypto: true } }));
    const first = await config();
    expect(first.flags).toEqual({ ...DEFAULT_FLAGS, highYield: true, newerSettingsLayout: false, dcfLimit: 3000 });
    expect(first.marketRestrictions.crypto).toBe(true);

    await writeConfig(JSON.stringify({ flags: { newerSettingsLayout: true } }));
    const second = await config();
    expect(second.flags.highYield).toBe(false);
    expect(second.flags.newerSettingsLayout).toBe(true);
    expect(second.marketRestrictions.crypto).toBe(false);
    await db.deleteFrom('app_config').execute();
  });

  it('ignores and reports a broken file as a whole, and wrong entries one by one', async () => {
    await writeConfig('{ "flags": { "highYield": true ');
    expect((await config()).flags).toEqual(DEFAULT_FLAGS);
    expect(logs.some((line) => line.includes('configuration entries ignored') && line.includes('not JSON'))).toBe(true);

    await writeConfig(JSON.stringify({ flags: { highYield: 'yes', recurringDeposits: false, noSuchFlag: true } }));
    const answer = await config();
    expect(answer.flags).toEqual({ ...DEFAULT_FLAGS, recurringDeposits: false });
    expect(answer).not.toHaveProperty('flags.noSuchFlag');
    expect(logs.some((line) => line.includes('flags.highYield') && line.includes('value does not match the flag type'))).toBe(true);
  });
});

describe('parseConfigFile', () => {
  it('turns sections into app_config keys and refuses what is not one', () => {
    const reading = parseConfigFile(
      JSON.stringify({ flags: { highYield: true }, marketRestrictions: { otc: true }, colours: {} }),
      'f.json',
    );
    expect([...reading.entries]).toEqual([
      ['flags.highYield', true],
      ['marketRestrictions.otc', true],
    ]);
    expect(reading.problems).toEqual([{ key: 'f.json: colours', problem: 'unknown section (expected flags or marketRestrictions)' }]);
    expect(parseConfigFile('[1, 2]', 'f.json').problems).toEqual([{ key: 'f.json', problem: 'must be a JSON object' }]);
    expect(parseConfigFile(JSON.stringify({ flags: [true] }), 'f.json').problems[0].problem).toBe('must be an object of names and values');
  });
});
