import { flowFromQuery, flowsAsModal, fullRouteFor, queryWithoutFlow, settingsPaths } from './fundingQuery';

const q = (search: string) => new URLSearchParams(search);

describe('query flags (2.1)', () => {
  it.each([
    ['bankLink=enabled', { modal: 'ach' }],
    ['bankLinkHighYield=enabled', { modal: 'ach', highYieldOnly: true }],
    ['addFundingMethods=enabled', { modal: 'addMethod' }],
    ['addWithdrawalMethods=enabled', { modal: 'addMethod', withdrawalMode: true }],
    ['m=debit', { modal: 'debitCard', auvToken: null }],
    ['auv=tok-1', { modal: 'debitCard', auvToken: 'tok-1' }],
    ['m=microdeposit', { modal: 'microDeposit' }],
    ['step=add-funding-method', { modal: 'addMethod' }],
  ])('%s opens %o', (search, request) => {
    expect(flowFromQuery(q(search))).toMatchObject({ kind: 'modal', request });
  });

  it("opens a flow only for the value 'enabled'", () => {
    expect(flowFromQuery(q('bankLink=true'))).toBeNull();
    expect(flowFromQuery(q('origin=/portfolio'))).toBeNull();
  });

  it('bankVerification opens the statement upload', () => {
    expect(flowFromQuery(q('bankVerification=enabled'))).toEqual({ kind: 'statementUpload' });
  });

  it('m with step=add-funding-method keeps the choice as the base flow', () => {
    expect(flowFromQuery(q('m=microdeposit&step=add-funding-method'))).toEqual({
      kind: 'modal',
      request: { modal: 'microDeposit' },
      base: { modal: 'addMethod' },
    });
  });

  it('closing removes the flags plus destination, frequency and dayOfWeek, keeping the rest', () => {
    const rest = queryWithoutFlow(
      q('bankLink=enabled&destination=us&frequency=WEEKLY&dayOfWeek=MONDAY&origin=%2Fportfolio&m=debit&auv=x&step=add-funding-method'),
    );
    expect(rest.toString()).toBe('origin=%2Fportfolio');
  });

  it('leaves regularDeposit to the deposit flow', () => {
    expect(flowFromQuery(q('regularDeposit=enabled'))).toBeNull();
    expect(queryWithoutFlow(q('regularDeposit=enabled')).get('regularDeposit')).toBe('enabled');
  });

  it('full routes: bank link and add funding method, with the return route as origin', () => {
    const paths = settingsPaths(true);
    expect(fullRouteFor(flowFromQuery(q('bankLinkHighYield=enabled')), paths, '/portfolio')).toBe(
      '/settings/v2/bank-link?origin=%2Fportfolio&highYield=true',
    );
    expect(fullRouteFor(flowFromQuery(q('addFundingMethods=enabled')), settingsPaths(false), '/portfolio')).toBe(
      '/settings/funding-methods/add-funding-method?origin=%2Fportfolio',
    );
    expect(fullRouteFor(flowFromQuery(q('m=debit')), paths, '/portfolio')).toBeNull();
  });

  it('flows are modals at 760 px and wider when the fundingFlowsAsModal flag is on', () => {
    expect(flowsAsModal(760, true)).toBe(true);
    expect(flowsAsModal(759, true)).toBe(false);
    expect(flowsAsModal(1280, false)).toBe(false);
  });
});
