import { useSearchParams } from 'react-router';
import { selectAllAccounts, useGetAccountsQuery } from '../../api/accountsApi';
import { errorMessage } from '../../api/apiError';
import { selectFlags } from '../../api/configApi';
import type { AccountDocument } from '../../api/contract';
import { useDownloadDocumentMutation, useGetDocumentsInfiniteQuery, type DocumentsFilter } from '../../api/documentsApi';
import { useAppSelector } from '../../store/hooks';
import { Badge, Button, EmptyState, ErrorState, Notice, PageHeader, SelectField, Spinner, SpinnerGlyph } from '../../ui';
import { selectCurrentUser } from '../session/sessionSlice';
import {
  accountOptionLabel,
  brokerageAccountOf,
  DOCUMENT_VIEWS,
  KIND_FILTER_OPTIONS,
  parseDocumentsSearch,
  type DocumentsView,
} from './documentViews';
import { DocumentsNav } from './DocumentsNav';
import './documents.css';

export const DocumentsMessages = {
  loading: 'Loading your documents',
  loadFailed: "We couldn't load your documents",
  emptyTitle: 'No documents yet',
  filteredEmpty: 'No documents match these filters',
  clearFilters: 'Clear filters',
  showMore: 'Show more',
  loadingMore: 'Loading more documents',
  noBrokerage: 'You have no brokerage account',
  closedTitle: 'Your account is closed',
  closedBody:
    'Your statements, trade confirmations and tax forms stay available here: view and download them whenever you need them. To reopen an account or ask about a transfer of remaining assets, contact Fundflow support.',
  downloadFailed: "We couldn't download this document.",
} as const;

const issuedFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'America/New_York' });

function DocumentItem({ document }: { document: AccountDocument }) {
  const [download, state] = useDownloadDocumentMutation();
  const account = accountOptionLabel(document.accountName, document.accountMask);
  return (
    <li className="documents-item">
      <div className="documents-item__text">
        <p className="documents-item__title">
          {document.title}
          {document.corrected ? <Badge tone="warning">Corrected</Badge> : null}
        </p>
        <p className="documents-item__meta">
          {account} · Issued {issuedFormat.format(new Date(document.issuedAt))} · PDF
        </p>
        {state.isError ? (
          <p className="documents-item__error" role="alert">
            {DocumentsMessages.downloadFailed} {errorMessage(state.error)}
          </p>
        ) : null}
      </div>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => void download({ documentId: document.id, fileName: document.fileName })}
        disabled={state.isLoading}
        aria-label={`Download ${document.title}, ${account} (PDF)`}
      >
        {state.isLoading ? (
          <>
            <SpinnerGlyph size="sm" /> Downloading…
          </>
        ) : (
          'Download'
        )}
      </Button>
    </li>
  );
}

/**
 * Every document page of both settings layouts (see documentViews.ts): the kind comes from the route, the other
 * filters (kind on the all-documents page, account, year) from the URL, so a reload or a shared link keeps them.
 */
export default function DocumentsPage({ view }: { view: DocumentsView }) {
  const config = DOCUMENT_VIEWS[view];
  const flags = useAppSelector(selectFlags);
  const user = useAppSelector(selectCurrentUser);
  const accountsQuery = useGetAccountsQuery();
  const accounts = useAppSelector(selectAllAccounts);
  const [searchParams, setSearchParams] = useSearchParams();
  const search = parseDocumentsSearch(searchParams);
  const brokerage = view === 'brokerage' ? brokerageAccountOf(accounts) : undefined;

  const filter: DocumentsFilter = {
    ...(config.kind ? { kind: config.kind } : search.kind && view === 'all' ? { kind: search.kind } : {}),
    ...(view === 'brokerage'
      ? brokerage
        ? { accountUuid: brokerage.accountUuid }
        : {}
      : search.accountUuid
        ? { accountUuid: search.accountUuid }
        : {}),
    ...(search.year !== undefined ? { year: search.year } : {}),
  };
  const waitingForBrokerage = view === 'brokerage' && !brokerage;
  const query = useGetDocumentsInfiniteQuery(filter, { skip: waitingForBrokerage });
  // currentData: the list shown belongs to the filters asked for (not the previous filters' while loading).
  const pages = query.currentData?.pages ?? [];
  const documents = pages.flatMap((page) => page.documents);
  const latest = pages[pages.length - 1];
  const years = pages[0]?.years ?? [];
  const filtered =
    (view === 'all' && search.kind !== undefined) ||
    (view !== 'brokerage' && search.accountUuid !== undefined) ||
    search.year !== undefined;

  function setParam(name: 'kind' | 'account' | 'year', value: string) {
    setSearchParams(
      (params) => {
        if (value) params.set(name, value);
        else params.delete(name);
        return params;
      },
      { replace: true },
    );
  }

  function clearFilters() {
    setSearchParams(
      (params) => {
        params.delete('kind');
        params.delete('account');
        params.delete('year');
        return params;
      },
      { replace: true },
    );
  }

  let body: React.ReactNode;
  if (accountsQuery.isLoading || query.isLoading || (query.isFetching && !query.isFetchingNextPage && documents.length === 0)) {
    body = <Spinner label={DocumentsMessages.loading} />;
  } else if (view === 'brokerage' && !brokerage) {
    body = <EmptyState title={DocumentsMessages.noBrokerage} body={config.empty} />;
  } else if (query.isError && documents.length === 0) {
    body = <ErrorState title={DocumentsMessages.loadFailed} body={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  } else if (documents.length === 0) {
    body = filtered ? (
      <EmptyState
        title={DocumentsMessages.filteredEmpty}
        action={
          <Button variant="secondary" onClick={clearFilters}>
            {DocumentsMessages.clearFilters}
          </Button>
        }
      />
    ) : (
      <EmptyState title={DocumentsMessages.emptyTitle} body={config.empty} />
    );
  } else {
    body = (
      <>
        <p className="documents-count" role="status">
          Showing {documents.length} of {latest.total} {latest.total === 1 ? 'document' : 'documents'}
        </p>
        <ul className="documents-list" aria-label={config.title} aria-busy={query.isFetching || undefined}>
          {documents.map((document) => (
            <DocumentItem key={document.id} document={document} />
          ))}
        </ul>
        {query.hasNextPage ? (
          <div className="documents-more">
            <Button variant="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {query.isFetchingNextPage ? (
                <>
                  <SpinnerGlyph size="sm" /> {DocumentsMessages.loadingMore}
                </>
              ) : (
                DocumentsMessages.showMore
              )}
            </Button>
          </div>
        ) : null}
        {query.isError ? (
          <p role="alert" className="documents-item__error">
            {errorMessage(query.error)}
          </p>
        ) : null}
      </>
    );
  }

  const accountOptions = [
    { value: '', label: 'All accounts' },
    ...accounts.map((account) => ({
      value: account.accountUuid,
      label: accountOptionLabel(account.displayName, account.account.slice(-4)),
    })),
  ];
  const yearOptions = [
    { value: '', label: 'All years' },
    ...[...new Set([...years, ...(search.year !== undefined ? [search.year] : [])])]
      .sort((a, b) => b - a)
      .map((year) => ({ value: String(year), label: String(year) })),
  ];

  return (
    <div className="page documents-page">
      <PageHeader title={config.title} subtitle={config.subtitle} />
      {user?.status === 'CLOSED' ? (
        <Notice tone="info" title={DocumentsMessages.closedTitle} live="polite">
          {DocumentsMessages.closedBody}
        </Notice>
      ) : null}
      <DocumentsNav newerSettingsLayout={flags.newerSettingsLayout} />
      <div className="documents-filters" role="group" aria-label="Filter documents">
        {view === 'all' ? (
          <SelectField
            label="Type"
            value={search.kind ?? ''}
            onChange={(value) => setParam('kind', value)}
            options={[...KIND_FILTER_OPTIONS]}
          />
        ) : null}
        {view !== 'brokerage' ? (
          <SelectField
            label="Account"
            value={search.accountUuid ?? ''}
            onChange={(value) => setParam('account', value)}
            options={accountOptions}
          />
        ) : null}
        <SelectField
          label="Year"
          value={search.year !== undefined ? String(search.year) : ''}
          onChange={(value) => setParam('year', value)}
          options={yearOptions}
        />
      </div>
      {body}
    </div>
  );
}
