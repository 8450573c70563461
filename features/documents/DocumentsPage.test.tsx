import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { AccountDocument } from '../../api/contract';
import { makeStore } from '../../store/store';
import { accountFixture, sessionFixture, userFixture } from '../../test/fixtures';
import { accountsHandler } from '../../test/msw/handlers';
import { documentFixture, documentsBackend, PDF_BYTES, type DocumentsBackendOptions } from '../../test/msw/documentsHandlers';
import { mswServer } from '../../test/msw/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import { LocationProbe, signedInStore } from '../fundingMethods/fundingTestUtils';
import DocumentsPage, { DocumentsMessages } from './DocumentsPage';
import type { DocumentsView } from './documentViews';

const accounts = [
  accountFixture({ accountUuid: 'uuid-brokerage', displayName: 'Brokerage', account: '482139075' }),
  accountFixture({ accountId: 'acc-2', accountUuid: 'uuid-roth', variant: 'ROTH_IRA', displayName: 'Roth IRA', account: '482139077' }),
];

/** 25 monthly brokerage statements (Jan 2024 .. Jan 2026), a Roth statement, a trade confirmation and tax forms. */
function library(): AccountDocument[] {
  const statements = Array.from({ length: 25 }, (_, index) => {
    const month = index % 12;
    const year = 2024 + Math.floor(index / 12);
    const label = new Date(Date.UTC(year, month, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
    return documentFixture({
      id: `stmt-${String(index).padStart(2, '0')}`,
      title: `${label} ${year} statement`,
      year,
      issuedAt: new Date(Date.UTC(year, month + 1, 5, 11)).toISOString(),
    });
  });
  return [
    ...statements,
    documentFixture({
      id: 'roth-stmt',
      accountUuid: 'uuid-roth',
      accountName: 'Roth IRA',
      accountMask: '9077',
      title: 'December 2025 statement',
      year: 2025,
      issuedAt: '2026-01-05T11:00:00.000Z',
    }),
    documentFixture({
      id: 'trade-1',
      kind: 'TRADE_CONFIRMATION',
      title: 'Trade confirmation, November 14, 2025',
      year: 2025,
      issuedAt: '2025-11-17T11:00:00.000Z',
    }),
    documentFixture({
      id: 'tax-1',
      kind: 'TAX_STATEMENT',
      form: '1099-COMPOSITE',
      title: '2025 Form 1099 Composite',
      year: 2025,
      issuedAt: '2026-02-15T11:00:00.000Z',
      fileName: 'fundflow-1099-composite-2345-2025.pdf',
    }),
    documentFixture({
      id: 'tax-1c',
      kind: 'TAX_STATEMENT',
      form: '1099-COMPOSITE',
      title: '2025 Form 1099 Composite (corrected)',
      corrected: true,
      year: 2025,
      issuedAt: '2026-03-01T11:00:00.000Z',
      fileName: 'fundflow-1099-composite-2345-2025-corrected.pdf',
    }),
  ];
}

function setup(
  view: DocumentsView,
  options: DocumentsBackendOptions & { documents?: AccountDocument[]; route?: string; closed?: boolean } = {},
) {
  const backend = documentsBackend(options.documents ?? library(), options);
  mswServer.use(accountsHandler(accounts), ...backend.handlers);
  const store = options.closed
    ? makeStore({
        session: {
          status: 'authenticated',
          accessToken: sessionFixture().accessToken,
          user: userFixture({ status: 'CLOSED' }),
          endedReason: null,
        },
      })
    : signedInStore();
  const rendered = renderWithProviders(
    <>
      <Routes>
        <Route path="*" element={<DocumentsPage view={view} />} />
      </Routes>
      <LocationProbe />
    </>,
    { store, route: options.route ?? '/settings/v2/account-statements' },
  );
  return { ...rendered, backend };
}

const list = (name: string) => screen.findByRole('list', { name });
const titlesIn = (element: HTMLElement) =>
  within(element)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.documents-item__title')!.textContent);

describe('DocumentsPage', () => {
  it('lists one kind of document, newest first, 20 at a time, with Show more', async () => {
    const { user, backend } = setup('account-statements');
    expect(screen.getByRole('heading', { level: 1, name: 'Account statements' })).toBeInTheDocument();
    const shown = await list('Account statements');
    expect(titlesIn(shown)).toHaveLength(20);
    expect(titlesIn(shown)[0]).toBe('January 2026 statement');
    expect(screen.getByText('Showing 20 of 26 documents')).toBeInTheDocument();
    expect(backend.requests[0].get('kind')).toBe('ACCOUNT_STATEMENT');
    await user.click(screen.getByRole('button', { name: DocumentsMessages.showMore }));
    await waitFor(() => expect(titlesIn(screen.getByRole('list', { name: 'Account statements' }))).toHaveLength(26));
    expect(screen.queryByRole('button', { name: DocumentsMessages.showMore })).not.toBeInTheDocument();
    expect(backend.requests[backend.requests.length - 1].get('cursor')).toBe('20');
  });

  it('filters the all-documents page by type, account and year, kept in the URL', async () => {
    const { user, backend } = setup('all', { route: '/settings/documents' });
    await list('Documents');
    await user.selectOptions(screen.getByLabelText('Type'), 'TAX_STATEMENT');
    await waitFor(() =>
      expect(titlesIn(screen.getByRole('list', { name: 'Documents' }))).toEqual([
        '2025 Form 1099 Composite (corrected)Corrected',
        '2025 Form 1099 Composite',
      ]),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/settings/documents?kind=TAX_STATEMENT');
    await user.selectOptions(screen.getByLabelText('Type'), '');
    await user.selectOptions(screen.getByLabelText('Account'), 'uuid-roth');
    await waitFor(() => expect(titlesIn(screen.getByRole('list', { name: 'Documents' }))).toEqual(['December 2025 statement']));
    expect(backend.requests[backend.requests.length - 1].get('accountUuid')).toBe('uuid-roth');
    await user.selectOptions(screen.getByLabelText('Account'), '');
    await user.selectOptions(screen.getByLabelText('Year'), '2024');
    await waitFor(() => expect(screen.getByText('Showing 12 of 12 documents')).toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent('year=2024');
  });

  it('offers to clear filters that match nothing', async () => {
    const { user } = setup('trade-confirmations', { route: '/settings/v2/trade-confirmations?year=2024' });
    expect(await screen.findByText(DocumentsMessages.filteredEmpty)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: DocumentsMessages.clearFilters }));
    expect(await list('Trade confirmations')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings\/v2\/trade-confirmations$/);
  });

  it('says so when there are no documents yet', async () => {
    setup('tax-statements', { documents: [] });
    expect(await screen.findByText(DocumentsMessages.emptyTitle)).toBeInTheDocument();
  });

  it('shows an error with Try again when the list cannot load', async () => {
    const { user, backend } = setup('account-statements', {
      listError: { status: 503, body: { errorCode: 'UNAVAILABLE', message: 'Documents are resting.' } },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(DocumentsMessages.loadFailed);
    expect(alert).toHaveTextContent('Documents are resting.');
    backend.state.listError = undefined;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await list('Account statements')).toBeInTheDocument();
  });

  it("shows a closed customer's brokerage documents and what they can still do", async () => {
    const { backend } = setup('brokerage', { closed: true, route: '/settings/documents/account/brokerage' });
    const notice = (await screen.findByText(DocumentsMessages.closedTitle)).closest('[role="status"]');
    expect(notice).not.toBeNull();
    expect(screen.getByText(/stay available here/)).toBeInTheDocument();
    const shown = await list('Brokerage documents');
    expect(within(shown).queryByText(/Roth IRA/)).not.toBeInTheDocument();
    expect(within(shown).getAllByText(/Brokerage ••••2345/).length).toBeGreaterThan(0);
    expect(backend.requests.every((params) => params.get('accountUuid') === 'uuid-brokerage')).toBe(true);
    // Only the brokerage account: no account filter.
    expect(screen.queryByLabelText('Account')).not.toBeInTheDocument();
  });

  describe('downloading', () => {
    const createObjectURL = jest.fn(() => 'blob:fundflow/1');
    const revokeObjectURL = jest.fn();
    let clicked: HTMLAnchorElement[] = [];
    beforeEach(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
      clicked = [];
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(this);
      });
    });
    afterEach(() => jest.restoreAllMocks());

    it('fetches the PDF with the session and saves it under the server’s file name', async () => {
      const { user, backend } = setup('tax-statements');
      await list('Tax statements');
      await user.click(screen.getByRole('button', { name: 'Download 2025 Form 1099 Composite (corrected), Brokerage ••••2345 (PDF)' }));
      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(backend.downloads).toEqual(['tax-1c']);
      expect(clicked[0].download).toBe('fundflow-1099-composite-2345-2025-corrected.pdf');
      expect(clicked[0].href).toBe('blob:fundflow/1');
      const blob = (createObjectURL.mock.calls as unknown as Blob[][])[0][0];
      expect(blob.size).toBe(PDF_BYTES.length);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('says so on the row when a download fails', async () => {
      const { user } = setup('tax-statements', {
        downloadError: { status: 404, body: { errorCode: 'NOT_FOUND', message: 'We could not find that document.' } },
      });
      await list('Tax statements');
      await user.click(screen.getByRole('button', { name: /Download 2025 Form 1099 Composite, / }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(`${DocumentsMessages.downloadFailed} We could not find that document.`);
      expect(clicked).toHaveLength(0);
    });
  });
});
