import { depositLinkFor } from './depositLink';

describe('depositLinkFor', () => {
  it('asks the funding host for the flow that fits the account on show', () => {
    expect(depositLinkFor({ accountUuid: 'a-1', variant: 'US' })).toBe('/portfolio?regularDeposit=enabled&destination=us');
    expect(depositLinkFor({ accountUuid: 'a-2', variant: 'ENTITY' })).toBe('/portfolio?regularDeposit=enabled&destination=us');
    expect(depositLinkFor({ accountUuid: 'a-3', variant: 'HIGH_YIELD' })).toBe('/portfolio?regularDeposit=enabled&destination=high-yield');
    expect(depositLinkFor({ accountUuid: 'a-4', variant: 'ROTH_IRA' })).toBe('/portfolio?regularDeposit=enabled&destination=a-4');
    expect(depositLinkFor({ accountUuid: 'a 5', variant: 'TRADITIONAL_IRA' })).toBe('/portfolio?regularDeposit=enabled&destination=a%205');
  });
});
