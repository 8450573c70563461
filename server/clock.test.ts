import { parseSandboxNow, shiftedClock } from './clock';
import { startServer } from './main';

describe('the sandbox clock (FUNDFLOW_SANDBOX_NOW)', () => {
  it('starts at the given instant and runs forward in real time from there', () => {
    let real = Date.parse('2030-05-01T00:00:00Z');
    const clock = shiftedClock(new Date('2026-11-26T15:00:00Z'), () => real);
    expect(clock.now().toISOString()).toBe('2026-11-26T15:00:00.000Z');
    real += 90_000;
    expect(clock.now().toISOString()).toBe('2026-11-26T15:01:30.000Z');
  });

  it('takes an ISO date-time with a zone and refuses anything else with a message that says what it wants', () => {
    expect(parseSandboxNow(undefined)).toBeUndefined();
    expect(parseSandboxNow('')).toBeUndefined();
    expect(parseSandboxNow('2026-11-26T15:00:00Z')?.toISOString()).toBe('2026-11-26T15:00:00.000Z');
    expect(parseSandboxNow('2026-11-26T10:00:00-05:00')?.toISOString()).toBe('2026-11-26T15:00:00.000Z');
    for (const bad of ['2026-11-26', 'tomorrow', '2026-11-26T15:00:00', '2026-13-40T99:00:00Z']) {
      expect(() => parseSandboxNow(bad)).toThrow(/FUNDFLOW_SANDBOX_NOW must be an ISO date-time with a zone/);
    }
  });

  it('is refused in live mode', async () => {
    await expect(
      startServer({ live: true, sandboxNow: new Date('2026-11-26T15:00:00Z'), dataDir: 'memory', port: 0, distDir: '' }),
    ).rejects.toThrow(/sandbox only/);
  });
});
