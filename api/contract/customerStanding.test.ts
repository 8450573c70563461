import { APPLICATION_STATUSES, USER_STATUSES } from './enums';
import { depositRightsOf } from './customerStanding';
import { additionRules } from './fundingRules';

describe('deposit rights follow the customer’s standing (section 8)', () => {
  it('a closed customer has none, whatever the application', () => {
    for (const applicationStatus of APPLICATION_STATUSES) expect(depositRightsOf({ status: 'CLOSED', applicationStatus })).toBe('none');
  });

  it('a rejected application has none; a pending one deposits after approval; an approved one fully; the rest not yet', () => {
    const rightsOf = (applicationStatus: string) => depositRightsOf({ status: 'ACTIVE', applicationStatus });
    expect(rightsOf('REJECTED')).toBe('none');
    expect(rightsOf('PENDING')).toBe('afterApproval');
    expect(rightsOf('COMPLETE')).toBe('full');
    for (const status of ['NOT_STARTED', 'INCOMPLETE', 'ACTION_REQUIRED']) expect(rightsOf(status)).toBe('notYet');
  });

  it('every pair of statuses has exactly one answer', () => {
    for (const status of USER_STATUSES)
      for (const applicationStatus of APPLICATION_STATUSES)
        expect(['none', 'afterApproval', 'notYet', 'full']).toContain(depositRightsOf({ status, applicationStatus }));
  });
});

describe('a closed customer adds no funding method (section 5 with the standing)', () => {
  it('nothing may be added, not even a wire, whatever the methods', () => {
    expect(additionRules({ applicationStatus: 'COMPLETE', userStatus: 'CLOSED', methods: [] })).toEqual({
      canAddMethod: false,
      canAddBank: false,
      canAddDebitCard: false,
      canAddMicroDeposit: false,
      canAddWire: false,
    });
    expect(additionRules({ applicationStatus: 'COMPLETE', userStatus: 'ACTIVE', methods: [] }).canAddBank).toBe(true);
  });
});
