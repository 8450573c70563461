import type { Account, PaymentMethod } from '../../../api/contract';
import { moneyToCents } from '../../../api/contract/money';
import { centsToDecimal } from '../../../api/contract/moneyEntry';
import { describeRoute, statusWords } from './historyRules';
import { entryType, type HistoryRowEntry } from './historyFilters';
import { describeWithdrawalRoute, withdrawalStatusWords } from './withdrawalHistory';

/**
 * The CSV download of what the history's filters show (issue 18): one header row, then a row per movement. Dates
 * are ISO 8601 instants as the server gave them, amounts exact decimals made from integer cents (never floats),
 * every field quoted per RFC 4180 and lines ended with CRLF.
 */

export const CSV_HEADER = ['Date', 'Type', 'From', 'To', 'Amount', 'Currency', 'Status'] as const;

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula; such text gets a
 * leading apostrophe so it is shown as text. Amounts are written by us and never start with one of these.
 */
export function guardFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** RFC 4180: every field in double quotes, a double quote inside doubled. */
export const csvField = (text: string) => `"${text.replaceAll('"', '""')}"`;

export const csvLine = (fields: readonly string[]) => fields.map(csvField).join(',');

const TYPE_WORDS = { deposit: 'Deposit', transfer: 'Transfer', withdrawal: 'Withdrawal' } as const;

export function historyCsvRow(entry: HistoryRowEntry, methods: readonly PaymentMethod[], accounts: readonly Account[]): string[] {
  const route =
    entry.kind === 'withdrawal' ? describeWithdrawalRoute(entry.item, methods, accounts) : describeRoute(entry.item, methods, accounts);
  const status = entry.kind === 'withdrawal' ? withdrawalStatusWords(entry.item) : statusWords(entry.item);
  return [
    new Date(entry.createdAt).toISOString(),
    TYPE_WORDS[entryType(entry)],
    guardFormula(route.from),
    guardFormula(route.to),
    centsToDecimal(moneyToCents(entry.item.amount)),
    entry.item.amount.currency,
    status,
  ];
}

export function historyCsv(entries: readonly HistoryRowEntry[], methods: readonly PaymentMethod[], accounts: readonly Account[]): string {
  return [CSV_HEADER, ...entries.map((entry) => historyCsvRow(entry, methods, accounts))].map(csvLine).join('\r\n') + '\r\n';
}

/** 'fundflow-history-2026-11-26.csv' */
export const csvFileName = (today: string) => `fundflow-history-${today}.csv`;
