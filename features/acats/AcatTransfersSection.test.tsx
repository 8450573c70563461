import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ApiPaths } from '../../api/contract';
import { accountFixture } from '../../test/fixtures';
import { accountsHandler, API_ORIGIN } from '../../test/msw/handlers';
import { acatBackend, acatDraftFixture, type AcatBackendOptions } from '../../test/msw/servicesHandlers';
import { mswServer } from '../../test/msw/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedInStore, Toasts } from '../fundingMethods/fundingTestUtils';
import AcatTransfersSection from './AcatTransfersSection';
import { ACAT_MESSAGES } from './acatRules';
import type { AcatDraft } from './acatTypes';

const brokerage = accountFixture({ accountUuid: 'uuid-brokerage', variant: 'US', displayName: 'Brokerage', account: '5XY12345678' });

const fidelity = acatDraftFixture();
const schwabReady = acatDraftFixture({
  id: 'draft-2',
  brokerage: 'Charles Schwab',
  fragments: [{ type: 'BROKERAGE', brokerage: 'Charles Schwab' }],
  problems: [],
  readyToSubmit: true,
});
const robinhoodInTransit = acatDraftFixture({
  id: 'draft-3',
  brokerage: 'Robinhood',
  progress: 'SUBMITTED',
  transferStatus: 'IN_TRANSIT',
  problems: [],
  submittedAt: '2026-02-24T15:00:00.000Z',
  items: [{ description: '12 AAPL', status: 'PENDING' }],
});

function setup(drafts: AcatDraft[] = [fidelity, schwabReady, robinhoodInTransit], options: AcatBackendOptions = {}) {
  const backend = acatBackend(drafts, options);
  mswServer.use(accountsHandler([brokerage]), ...backend.handlers);
  const rendered = renderWithProviders(
    <>
      <AcatTransfersSection />
      <Toasts />
    </>,
    { store: signedInStore(), route: '/settings/v2/transfers#acats' },
  );
  return { ...rendered, backend };
}

const transfer = (name: string) => screen.findByRole('article', { name });

describe('AcatTransfersSection', () => {
  it('lists each transfer with its status, what is missing, what moves, and actions only while in progress', async () => {
    setup();
    const list = await screen.findByRole('list', { name: ACAT_MESSAGES.title });
    expect(
      within(list)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-labelledby') && within(a).getByRole('heading').textContent),
    ).toEqual(['From Fidelity Investments', 'From Charles Schwab', 'From Robinhood']);
    const fid = await transfer('From Fidelity Investments');
    expect(within(fid).getByText('In progress')).toBeInTheDocument();
    expect(within(fid).getByText('Enter your account number at Fidelity Investments.')).toBeInTheDocument();
    expect(within(fid).getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(within(fid).getByRole('button', { name: 'Continue' })).toBeEnabled();

    const schwab = await transfer('From Charles Schwab');
    expect(within(schwab).getByText('Ready to submit')).toBeInTheDocument();
    expect(within(schwab).getByRole('button', { name: 'Submit' })).toBeEnabled();

    const robinhood = await transfer('From Robinhood');
    expect(within(robinhood).getByText('In transit')).toBeInTheDocument();
    expect(within(robinhood).getByText(/Submitted Feb 24, 2026/)).toBeInTheDocument();
    expect(within(robinhood).getByText(/12 AAPL/)).toBeInTheDocument();
    expect(within(robinhood).queryByRole('button')).toBeNull();
  });

  it('the section carries the #acats anchor', async () => {
    const { container } = setup();
    await screen.findByRole('list', { name: ACAT_MESSAGES.title });
    expect(container.querySelector('#acats')).not.toBeNull();
  });

  it('Submit sends the draft, then the list shows it submitted and a toast confirms', async () => {
    const { user, backend } = setup();
    const schwab = await transfer('From Charles Schwab');
    await user.click(within(schwab).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(ACAT_MESSAGES.submitted)).toBeInTheDocument();
    expect(backend.calls.submit).toEqual(['draft-2']);
    await waitFor(() =>
      expect(within(screen.getByRole('article', { name: 'From Charles Schwab' })).getByText('Submitted')).toBeInTheDocument(),
    );
    expect(backend.calls.list).toBe(2);
  });

  it('a refused submit shows the server’s message in an alert on that transfer', async () => {
    const { user } = setup([schwabReady], {
      submitFails: { status: 409, errorCode: 'ACAT_TRANSFER_IN_FLIGHT', message: 'A transfer from this account is already on its way.' },
    });
    const schwab = await transfer('From Charles Schwab');
    await user.click(within(schwab).getByRole('button', { name: 'Submit' }));
    expect(await within(schwab).findByRole('alert')).toHaveTextContent('A transfer from this account is already on its way.');
  });

  it('Delete asks first; confirming removes the transfer', async () => {
    const { user, backend } = setup();
    const fid = await transfer('From Fidelity Investments');
    await user.click(within(fid).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: ACAT_MESSAGES.deleteTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Delete transfer' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'From Fidelity Investments' })).toBeNull());
    expect(backend.calls.delete).toEqual(['draft-1']);
    expect(screen.getByText(ACAT_MESSAGES.deleted)).toBeInTheDocument();
  });

  it('Continue opens the editor with the draft’s answers; Save replaces the fragments, keeping the brokerage', async () => {
    const { user, backend } = setup([fidelity]);
    const fid = await transfer('From Fidelity Investments');
    await user.click(within(fid).getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer from Fidelity Investments' });
    const number = await within(dialog).findByLabelText('Account number at the other brokerage');
    expect(within(dialog).getByText(/a letter or digit followed by 8 digits/)).toBeInTheDocument();
    await user.type(number, 'z12345678');
    await user.type(within(dialog).getByLabelText('Name on the account'), 'Alex Morgan');
    await user.selectOptions(within(dialog).getByLabelText('What to transfer'), 'FULL');
    await user.selectOptions(within(dialog).getByLabelText('Fundflow account to transfer into'), 'uuid-brokerage');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(backend.calls.fragments).toEqual([
      {
        id: 'draft-1',
        body: {
          fragments: [
            { type: 'BROKERAGE', brokerage: 'Fidelity Investments' },
            { type: 'ACCOUNT_TYPE', accountType: 'PERSONAL_BROKERAGE' },
            { type: 'ACCOUNT_NUMBER', accountNumber: 'Z12345678' },
            { type: 'ACCOUNT_HOLDER', name: 'Alex Morgan' },
            { type: 'TRANSFER_TYPE', transferType: 'FULL' },
            { type: 'DESTINATION_ACCOUNT', accountUuid: 'uuid-brokerage' },
          ],
        },
      },
    ]);
    expect(screen.getByText(ACAT_MESSAGES.saved)).toBeInTheDocument();
  });

  it('a new transfer is created on its first Save, not on opening the editor: opening and cancelling leaves no draft', async () => {
    const { user, backend } = setup([]);
    expect(await screen.findByText(ACAT_MESSAGES.emptyTitle)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: ACAT_MESSAGES.start }));
    const opened = await screen.findByRole('dialog', { name: ACAT_MESSAGES.newTransfer });
    await user.click(within(opened).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(backend.calls.create).toBe(0);

    await user.click(screen.getByRole('button', { name: ACAT_MESSAGES.start }));
    const dialog = await screen.findByRole('dialog', { name: ACAT_MESSAGES.newTransfer });
    await user.type(within(dialog).getByLabelText('Name on the account'), 'Alex Morgan');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(backend.calls.create).toBe(1);
    expect(backend.calls.fragments).toEqual([]);
  });

  it('a failed list shows an error with Try again', async () => {
    setup([], { listFails: { status: 500, errorCode: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' } });
    expect(await screen.findByText(ACAT_MESSAGES.loadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });

  it('a failed brokerage list in the editor says so with Try again, keeping the draft’s brokerage and the form', async () => {
    const { user, backend } = setup([fidelity]);
    let brokerageCalls = 0;
    // The first ask fails like a proxy's 503 page; the retry gets the backend's list.
    mswServer.use(
      http.get(
        `${API_ORIGIN}${ApiPaths.acatBrokerages}`,
        () => {
          brokerageCalls += 1;
          return new HttpResponse('<html>503</html>', { status: 503, headers: { 'content-type': 'text/html' } });
        },
        { once: true },
      ),
    );
    const fid = await transfer('From Fidelity Investments');
    await user.click(within(fid).getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer from Fidelity Investments' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(ACAT_MESSAGES.brokeragesFailed);
    expect(brokerageCalls).toBe(1);
    const select = within(dialog).getByLabelText<HTMLSelectElement>('Brokerage you are transferring from');
    expect(select.value).toBe('Fidelity Investments');
    await user.type(within(dialog).getByLabelText('Account number at the other brokerage'), 'z12345678');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    expect(within(dialog).getByRole('option', { name: 'Charles Schwab' })).toBeInTheDocument();
    expect(select.value).toBe('Fidelity Investments');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Account number at the other brokerage').value).toBe('z12345678');
    // Retrying the list saved nothing.
    expect(backend.calls.fragments).toEqual([]);
  });

  it('a submit whose answer was lost, though the server took it, ends showing the transfer submitted, without a stale error', async () => {
    const { user } = setup([schwabReady]);
    let committed = false;
    const submitted: AcatDraft = {
      ...schwabReady,
      progress: 'SUBMITTED',
      transferStatus: 'INITIATED',
      readyToSubmit: false,
      submittedAt: '2026-03-02T15:00:00.000Z',
    };
    mswServer.use(
      http.get(`${API_ORIGIN}${ApiPaths.acatDrafts}`, () => HttpResponse.json({ drafts: [committed ? submitted : schwabReady] })),
      // The server commits, then the connection drops before the answer.
      http.post(`${API_ORIGIN}${ApiPaths.acatDraftSubmit}`, () => {
        committed = true;
        return HttpResponse.error();
      }),
    );
    const schwab = await transfer('From Charles Schwab');
    await user.click(within(schwab).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(within(screen.getByRole('article', { name: 'From Charles Schwab' })).getByText('Submitted')).toBeInTheDocument(),
    );
    expect(within(screen.getByRole('article', { name: 'From Charles Schwab' })).queryByRole('alert')).toBeNull();
  });
});
