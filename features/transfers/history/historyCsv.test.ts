import { centsToMoney } from '../../../api/contract/moneyEntry';
import { accountFixture, paymentMethodFixture } from '../../../test/fixtures';
import { depositFixture } from '../../../test/msw/recurringHandlers';
import { withdrawalFixture } from '../../../test/msw/withdrawalHandlers';
import { CSV_HEADER, csvField, csvLine, guardFormula, historyCsv } from './historyCsv';
import type { HistoryRowEntry } from './historyFilters';

const accounts = [accountFixture({ accountUuid: 'uuid-brokerage', displayName: 'Brokerage' })];
const methods = [paymentMethodFixture({ id: 'pm-1', displayName: 'Chase "Total" Checking, joint', paymentMethodNumber: '6789' })];

describe('history CSV', () => {
  it('every field is quoted and a double quote inside is doubled (RFC 4180)', () => {
    expect(csvField('plain')).toBe('"plain"');
    expect(csvField('say "hi", then\r\nleave')).toBe('"say ""hi"", then\r\nleave"');
    expect(csvLine(['a', 'b,c'])).toBe('"a","b,c"');
  });

  it('text starting with = + - @ (or a tab or return) is made safe against spreadsheet formulas', () => {
    expect(['=SUM(A1)', '+1', '-2', '@cmd', '\tx', '\rx'].map(guardFormula)).toEqual(["'=SUM(A1)", "'+1", "'-2", "'@cmd", "'\tx", "'\rx"]);
    expect(guardFormula('Chase 1=2')).toBe('Chase 1=2');
  });

  it('has a header row, ISO 8601 dates, exact decimals from cents, and CRLF line ends', () => {
    const deposit = depositFixture({
      id: 'dep-1',
      amount: centsToMoney(1_000_005),
      paymentMethodId: 'pm-1',
      destinationAccountUuid: 'uuid-brokerage',
      createdAt: '2026-11-20T15:04:05.000Z',
    });
    const withdrawal = withdrawalFixture({
      id: 'wd-1',
      amount: centsToMoney(10),
      accountUuid: 'uuid-brokerage',
      paymentMethodId: 'pm-1',
      createdAt: '2026-11-18T15:00:00Z',
    });
    const entries: HistoryRowEntry[] = [
      { kind: 'deposit', item: deposit, createdAt: deposit.createdAt },
      { kind: 'withdrawal', item: withdrawal, createdAt: withdrawal.createdAt },
    ];
    const lines = historyCsv(entries, methods, accounts).split('\r\n');
    expect(lines[0]).toBe(CSV_HEADER.map((name) => `"${name}"`).join(','));
    expect(lines[0]).toBe('"Date","Type","From","To","Amount","Currency","Status"');
    expect(lines[1]).toBe(
      '"2026-11-20T15:04:05.000Z","Deposit","Chase ""Total"" Checking, joint •••• 6789","Brokerage","10000.05","USD","In progress"',
    );
    expect(lines[2]).toBe(
      '"2026-11-18T15:00:00.000Z","Withdrawal","Brokerage","Chase ""Total"" Checking, joint •••• 6789","0.10","USD","In progress"',
    );
    expect(lines[3]).toBe('');
    expect(lines).toHaveLength(4);
  });

  it('a method named like a formula is written as text', () => {
    const deposit = depositFixture({ paymentMethodId: 'pm-evil', createdAt: '2026-11-20T15:00:00.000Z' });
    const evil = [paymentMethodFixture({ id: 'pm-evil', displayName: '=HYPERLINK("x")', paymentMethodNumber: '1111' })];
    const line = historyCsv([{ kind: 'deposit', item: deposit, createdAt: deposit.createdAt }], evil, accounts).split('\r\n')[1];
    expect(line).toContain(`"'=HYPERLINK(""x"") •••• 1111"`);
  });

  it('with nothing shown it is the header alone', () => {
    expect(historyCsv([], methods, accounts)).toBe('"Date","Type","From","To","Amount","Currency","Status"\r\n');
  });
});
