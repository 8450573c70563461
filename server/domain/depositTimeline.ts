import { formatCents, type DepositEventType, type DepositType } from '../../api/contract';
import type { DepositSourceType } from '../db/schema';
import { bankDepositDates } from '../../api/contract/bankCalendar';

export interface BankTimeline {
  /** The daily cut-off of the deposit's business day: it goes to the bank then, and can be cancelled until then. */
  sendAt: Date;
  settleAt: Date;
}

/**
 * When a bank deposit made at `createdAt` is sent and settles. `speed` > 1 compresses the waits for demos
 * (speed 1440 turns a day into a minute); 1 is real time.
 */
export function bankTimeline(createdAt: Date, speed = 1): BankTimeline {
  const { sendAt, settleAt } = bankDepositDates(createdAt);
  const start = createdAt.getTime();
  const compress = (at: Date) => new Date(start + Math.round((at.getTime() - start) / Math.max(speed, 1)));
  return { sendAt: compress(sendAt), settleAt: compress(settleAt) };
}

export interface NewDepositEvent {
  type: DepositEventType;
  description: string;
  completed: boolean;
  occurredAt: Date | null;
}

export interface EventInput {
  sourceType: DepositSourceType;
  type: DepositType;
  amountCents: number;
  instantCents: number;
  createdAt: Date;
  /** Bank deposits: the expected settlement. */
  settleAt: Date | null;
  /** Made by a recurring schedule. */
  scheduled: boolean;
  /** Display name of the destination account, for "arrived in ...". */
  destinationName: string;
}

/**
 * The events of a new deposit or transfer, in order. Completed events carry when they happened; the others
 * carry when they are expected (bank settlement), or null while that is not known (waiting for approval).
 */
export function initialEvents(input: EventInput): NewDepositEvent[] {
  const { createdAt, settleAt } = input;
  const done = (type: DepositEventType, description: string, at: Date = createdAt): NewDepositEvent => ({
    type,
    description,
    completed: true,
    occurredAt: at,
  });
  const expected = (type: DepositEventType, description: string, at: Date | null): NewDepositEvent => ({
    type,
    description,
    completed: false,
    occurredAt: at,
  });
  const arrived = `Arrived in your ${input.destinationName} account`;
  const events: NewDepositEvent[] = [];
  if (input.scheduled) events.push(done('DEPOSIT_SCHEDULED', 'Recurring deposit scheduled'));

  if (input.sourceType === 'INTERNAL') {
    events.push(
      done('DEPOSIT_INITIATION', 'Transfer initiated'),
      done('DEPOSIT_SETTLEMENT', 'Transfer completed'),
      done('DEPOSIT_ARRIVED', arrived),
    );
    return events;
  }
  events.push(done('DEPOSIT_INITIATION', 'Deposit initiated'));
  if (input.type === 'PENDING_DEPOSIT') {
    events.push(
      expected('APPLICATION_REVIEWED', 'Your application is being reviewed', null),
      expected('APPLICATION_APPROVED', 'The deposit is sent once your application is approved', null),
      expected('DEPOSIT_SETTLEMENT', 'Funds settle', null),
      expected('DEPOSIT_ARRIVED', arrived, null),
    );
    return events;
  }
  if (input.sourceType === 'DEBIT_CARD') {
    events.push(
      done('DEPOSIT_BUYING_POWER_ALLOCATION', `${formatCents(input.amountCents)} available to invest now`),
      done('DEPOSIT_SETTLEMENT', 'Funds settled'),
      done('DEPOSIT_ARRIVED', arrived),
    );
    return events;
  }
  if (input.instantCents > 0) {
    events.push(done('DEPOSIT_BUYING_POWER_ALLOCATION', `${formatCents(input.instantCents)} available to invest now`));
  }
  if (input.instantCents < input.amountCents) {
    events.push(
      expected(
        'DEPOSIT_BUYING_POWER_UPGRADE',
        `${formatCents(input.amountCents - input.instantCents)} available to invest at settlement`,
        settleAt,
      ),
    );
  }
  events.push(expected('DEPOSIT_SETTLEMENT', 'Funds settle', settleAt), expected('DEPOSIT_ARRIVED', arrived, settleAt));
  return events;
}

/** Events a settlement completes. */
export const SETTLEMENT_EVENTS: readonly DepositEventType[] = ['DEPOSIT_BUYING_POWER_UPGRADE', 'DEPOSIT_SETTLEMENT', 'DEPOSIT_ARRIVED'];
