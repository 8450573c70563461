import type { Browser } from 'playwright-core';
import { DESKTOP, openPage, withFailureScreenshot } from './harness';
import { armFault, watchCallsInFlight, watchPageCalls, watchRequests } from './faultArming';
import { rowProfile } from './faultProfile';
import { FAULTS, faultSession, type Row, signInFreshByApi } from './faultRows';

// Issue 8, browser side: the machinery of the fault suites (faults*.test.ts). Every endpoint a customer flow calls
// is made to fail in the browser in five ways: 500, a proxy's 503 page, 429 with Retry-After, a dropped
// connection, and no answer until the app's own 20 s time-out (reached with Playwright's clock instead of waiting).
// For each: the customer sees the flow's error screen or message with a way to retry, what they typed is still
// there, the retry works, no page error is thrown, and a mutation is sent once per press of the customer's own
// button (an idempotent call's retry reuses its key). One row per endpoint; the five faults of a row share one
// signed-in page.
// The rows' types and builders live in faultRows.ts, the faults' arming in faultArming.ts, the profile in
// faultProfile.ts; the suites import them all from here.

export { answerWithFault, callsSettled, fetchesOpenAtRest } from './faultArming';
export {
  exactPath,
  type Fault,
  FAULT_MESSAGES,
  FAULTS,
  faultSession,
  faultText,
  freshCustomerEachRound,
  HAS_CODE,
  loadFailed,
  pageLoadRow,
  type Row,
  signInFreshByApi,
  signOutHere,
} from './faultRows';

/**
 * How long of the page's clock a mutation row's error must show with no request of the row's endpoint sent on its
 * own. The page's timers for that span are run at once (page.clock.runFor), so a retry the app would schedule
 * within it is made now, without waiting for it in real time.
 */
const QUIET_CHECK_MS = 300;
/** How long the network events of calls the page has already made may take to reach the test. */
const EVENTS_CATCH_UP_MS = 5_000;

/** Runs each row: the five faults in turn on one signed-in page, each followed by the customer's retry. */
export function describeFaultRows(title: string, rows: readonly Row[], browser: () => Browser) {
  describe(title, () => {
    it.each(rows.map((row) => [`${row.flow}: ${row.endpoint} (${row.method})`, row] as const))('%s', async (_name, row) => {
      const started = Date.now();
      const { page, context, pageErrors } = await openPage(browser(), DESKTOP);
      // Fake timers that still run in real time: the time-out case jumps the clock past the app's request time-out.
      await page.clock.install();
      const sent = watchRequests(page, row);
      const madeByPage = await watchPageCalls(page, row);
      const calls = watchCallsInFlight(page);
      const profile = rowProfile(page, started);
      profile.mark('open');
      await withFailureScreenshot(page, `faults-${row.flow}-${row.endpoint}`, async () => {
        faultSession.customer = await signInFreshByApi(page, row.template);
        profile.mark('sign-in');
        for (const fault of FAULTS) {
          const before = sent.length;
          const madeBefore = madeByPage.count;
          if (row.reset) await row.reset(page);
          profile.mark('reset');
          await row.prepare(page);
          profile.mark('prepare');
          const armed = await armFault(page, row, fault, calls);
          await row.send(page);
          await armed.seen;
          profile.mark('send');
          await row.failed(page, fault).catch((error: Error) => {
            throw new Error(`${row.endpoint} ${fault}: ${error.message}`);
          });
          profile.mark('failed');
          await armed.disarm();
          // The kit's own check: every faulted request got the fault's answer, and a dropped or timed-out one none
          // at all (it never reached the server).
          const answers = await Promise.all(armed.faulted.map((request) => request.response()));
          const expected = fault === 'abort' || fault === 'timeout' ? null : Number(fault);
          expect({ fault, answered: answers.map((answer) => answer?.status() ?? null) }).toEqual({
            fault,
            answered: armed.faulted.map(() => expected),
          });
          await row.kept(page);
          profile.mark('kept');
          if (row.mutation) {
            // Nothing is sent again on its own while the error shows for QUIET_CHECK_MS of the page's clock: its
            // timers for that span run now (the real time since the error showed counts as well). The page reports
            // each fetch() as it calls it, so the round trip after the run gives the exact count of calls made;
            // the test then waits only for their network events, never for a call that might still come.
            await page.clock.runFor(QUIET_CHECK_MS);
            await page.evaluate(() => undefined);
            const made = madeByPage.count - madeBefore;
            const caughtUpBy = Date.now() + EVENTS_CATCH_UP_MS;
            while (sent.length - before < made && Date.now() < caughtUpBy) await new Promise((resolve) => setTimeout(resolve, 10));
            profile.mark('quiet');
            expect({ fault, sent: sent.length - before, madeByPage: made }).toEqual({ fault, sent: 1, madeByPage: 1 });
          }
          const failedKey = sent[sent.length - 1];
          await row.retry(page);
          await row.succeeded(page);
          profile.mark('retry');
          if (row.mutation) {
            expect({ fault, sent: sent.length - before }).toEqual({ fault, sent: 2 });
            // A 429 is a definite refusal (RATE_LIMITED): a flow may start a new attempt with a new key.
            // Any other fault leaves the outcome open, so the retry must send the same key.
            if (row.idempotent && fault !== '429') expect({ fault, key: sent[sent.length - 1] }).toEqual({ fault, key: failedKey });
          }
          expect(pageErrors).toEqual([]);
          await row.finish?.(page);
          profile.mark('finish');
        }
      });
      expect(pageErrors).toEqual([]);
      await context.close();
      profile.mark('close');
      profile.report(`${row.flow}: ${row.endpoint}`);
    });
  });
}
