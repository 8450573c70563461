import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AppLink } from '../navigation/AppLink';
import { errorMessage } from '../../api/apiError';
import { useGetTreasuryQuickPicksQuery } from '../../api/treasuryApi';
import { Button, Card, ChevronLeftIcon, EmptyState, ErrorState, Notice, PageHeader, Spinner } from '../../ui';
import { useAnalyticsFlush } from '../analytics/useAnalyticsFlush';
import { EDUCATION_SOURCE, percentText, TREASURIES_EDUCATION_PATH } from './treasuryRoutes';
import './treasuries.css';

export const QuickBuyMessages = {
  title: 'Buy U.S. Treasuries',
  notAvailableTitle: 'Buying Treasuries is not available yet',
  notAvailableBody:
    'Fundflow takes care of getting money into your accounts; Treasury orders are not part of it yet. The Treasuries below are what a quick buy will offer, with today’s yields.',
  fromEducation: 'You came here from the Treasuries education page.',
  fromElsewhere: 'You opened this page from a link.',
  picksTitle: 'Treasury quick picks',
  loading: 'Loading Treasury quick picks',
  loadFailed: "We couldn't load the Treasury quick picks",
  empty: 'No Treasuries are offered right now',
  learn: 'Why Treasuries?',
  back: 'Back',
} as const;

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const formatDate = (isoDate: string) => dateFormat.format(new Date(`${isoDate}T00:00:00Z`));

/**
 * The treasuries quick-buy route. Ordering Treasuries is outside this product (it moves money in, it does not
 * trade), so this page says so plainly, shows what it was opened with (`?source=`) and the quick picks read-only.
 */
export default function TreasuriesQuickBuyPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const source = params.get('source');
  const picks = useGetTreasuryQuickPicksQuery();
  // Sends the education page's Continue event, recorded just before this page replaced it.
  useAnalyticsFlush();

  return (
    <div className="page treasuries-page">
      <PageHeader
        eyebrow={
          <Button
            variant="ghost"
            size="sm"
            className="treasuries-page__back"
            onClick={() => {
              if (location.key === 'default') navigate(TREASURIES_EDUCATION_PATH);
              else navigate(-1);
            }}
          >
            <ChevronLeftIcon size={18} /> {QuickBuyMessages.back}
          </Button>
        }
        title={QuickBuyMessages.title}
        subtitle={source === EDUCATION_SOURCE ? QuickBuyMessages.fromEducation : QuickBuyMessages.fromElsewhere}
      />

      <Notice tone="info" title={QuickBuyMessages.notAvailableTitle} live="polite">
        {QuickBuyMessages.notAvailableBody}
      </Notice>

      <Card title={QuickBuyMessages.picksTitle}>
        {picks.isLoading ? (
          <Spinner label={QuickBuyMessages.loading} />
        ) : picks.isError ? (
          <ErrorState title={QuickBuyMessages.loadFailed} body={errorMessage(picks.error)} onRetry={() => void picks.refetch()} />
        ) : !picks.data || picks.data.quickPicks.length === 0 ? (
          <EmptyState title={QuickBuyMessages.empty} />
        ) : (
          <table className="treasuries-table">
            <caption className="ff-visually-hidden">{QuickBuyMessages.picksTitle}</caption>
            <thead>
              <tr>
                <th scope="col">Treasury</th>
                <th scope="col">Matures</th>
                <th scope="col" className="treasuries-table__number">
                  Yield to worst
                </th>
              </tr>
            </thead>
            <tbody>
              {picks.data.quickPicks.map((pick) => (
                <tr key={pick.cusip}>
                  <th scope="row">
                    <span className="treasuries-table__name">
                      {pick.term} {pick.name.replace('U.S. ', '')}
                    </span>
                    <span className="treasuries-table__meta">CUSIP {pick.cusip}</span>
                  </th>
                  <td>{formatDate(pick.maturityDate)}</td>
                  <td className="treasuries-table__number">{percentText(pick.yieldToWorst)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>

      {source === EDUCATION_SOURCE ? null : (
        <p>
          <AppLink to={TREASURIES_EDUCATION_PATH} className="text-link">
            {QuickBuyMessages.learn}
          </AppLink>
        </p>
      )}
    </div>
  );
}
