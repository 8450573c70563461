import { ApiPaths, type MarketClock } from '../../api/contract';
import { useTestApp } from '../testing/useTestApp';

const { app, clock } = useTestApp();

const clockAt = async (instant: string) => {
  clock.set(instant);
  const response = await app.inject({ method: 'GET', url: ApiPaths.clock });
  expect(response.statusCode).toBe(200);
  return response.json<MarketClock>();
};

describe("the server's clock for the app (GET /api/clock)", () => {
  it("answers the server's instant, its New York day and when that day ends, without signing in", async () => {
    expect(await clockAt('2026-11-26T15:00:00Z')).toEqual({
      now: '2026-11-26T15:00:00.000Z',
      marketDate: '2026-11-26',
      marketDayEndsAt: '2026-11-27T05:00:00.000Z',
    });
  });

  it("is New York's day, not UTC's: 10 pm on Thanksgiving in New York is already the 27th in UTC", async () => {
    expect((await clockAt('2026-11-27T03:00:00Z')).marketDate).toBe('2026-11-26');
    expect((await clockAt('2026-11-27T05:00:00Z')).marketDate).toBe('2026-11-27');
  });

  it('ends a day at New York midnight across a daylight-saving change (the day of 8 March 2026 has 23 hours)', async () => {
    expect(await clockAt('2026-03-08T12:00:00Z')).toMatchObject({ marketDate: '2026-03-08', marketDayEndsAt: '2026-03-09T04:00:00.000Z' });
  });
});
