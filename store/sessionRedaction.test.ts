import { findCardLikeNumbers, passesLuhn } from '../api/contract/sandboxCards';
import { createRedactor, DROPPED } from './sessionRedaction';

function redactAll<T>(value: T): T {
  const redactor = createRedactor();
  redactor.collect(value);
  return redactor.redact(value);
}

describe('createRedactor', () => {
  it('replaces a collected value everywhere it appears, the same way each time, whole words only', () => {
    const out = redactAll({
      user: { firstName: 'Al', lastName: 'Pine', email: 'al.pine@example.com' },
      banner: 'Also for Al Pine: write to al.pine@example.com',
      keyed: { 'getProfile("al.pine@example.com")': { status: 'fulfilled' } },
    });
    expect(out.user).toEqual({ firstName: 'Person1', lastName: 'Person2', email: 'person1@example.invalid' });
    expect(out.banner).toBe('Also for Person1 Person2: write to person1@example.invalid');
    expect(Object.keys(out.keyed)).toEqual(['getProfile("person1@example.invalid")']);
  });

  it('replaces the identity a customer types while applying (names, birth date, phone)', () => {
    const out = redactAll({
      setupInvesting: {
        drafts: {
          identity: {
            legalFirstName: 'Mara',
            legalLastName: 'Okonkwo',
            birthDate: '1987-04-09',
            phoneNumber: '4155552671',
            citizenship: 'US',
          },
        },
      },
    });
    expect(out.setupInvesting.drafts.identity).toEqual({
      legalFirstName: 'Person1',
      legalLastName: 'Person2',
      birthDate: '1900-01-01',
      phoneNumber: '555-0101',
      citizenship: 'US',
    });
  });

  it('drops tokens and file contents but keeps the shape', () => {
    const out = redactAll({
      session: { accessToken: 'abc.def.ghi', status: 'authenticated' },
      upload: { base64file: 'JVBERi0xLjQK', name: 'statement.pdf' },
      header: 'Bearer abcdefghijkl',
    });
    expect(out).toEqual({
      session: { accessToken: DROPPED, status: 'authenticated' },
      upload: { base64file: DROPPED, name: 'statement.pdf' },
      header: `Bearer ${DROPPED}`,
    });
  });

  it('masks numbers under number keys and number-like text to their last 4 digits', () => {
    const out = redactAll({
      entry: { routingNumber: '021000021', bankAccount: '000123456789', account: '5001001' },
      link: '/settings/v2/deposit?account=01001',
      note: 'card 4242 4242 4242 4242, tax id 123456789, call (415) 555-2671, $1,500.00 on 2026-11-21',
    });
    expect(out.entry).toEqual({ routingNumber: '••••0021', bankAccount: '••••6789', account: '••••1001' });
    expect(out.link).toBe('/settings/v2/deposit?account=••••1001');
    expect(out.note).toBe('card ••••4242, tax id ••••6789, call 555-0100, $1,500.00 on 2026-11-21');
  });

  it('nudges whole numbers that would read as card numbers (timestamps) by one', () => {
    const luhnTimestamp = [
      1763750000000, 1763750000001, 1763750000002, 1763750000003, 1763750000004, 1763750000005, 1763750000006, 1763750000007, 1763750000008,
      1763750000009,
    ].find((n) => passesLuhn(String(n)))!;
    const out = redactAll({ fulfilledTimeStamp: luhnTimestamp, amount: 1500 });
    expect(out.fulfilledTimeStamp).toBe(luhnTimestamp + 1);
    expect(out.amount).toBe(1500);
    expect(findCardLikeNumbers(JSON.stringify(out))).toEqual([]);
  });
});

describe('passesLuhn', () => {
  it('knows card numbers from other digits', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
  });
});

describe('a redactor that learns a value after redacting', () => {
  it('redacts it in what it redacts from then on, also in strings it had seen', () => {
    const redactor = createRedactor();
    const note = { text: 'write to Quinn' };
    expect(redactor.redact(note)).toEqual({ text: 'write to Quinn' });
    redactor.collect({ firstName: 'Quinn' });
    expect(redactor.redact(note)).toEqual({ text: 'write to Person1' });
  });
});
