import { useLocation, useNavigate } from 'react-router';
import { AppLink } from '../navigation/AppLink';
import { errorMessage } from '../../api/apiError';
import { useGetBondAccountYieldQuery } from '../../api/treasuryApi';
import { Button, Card, ChevronLeftIcon, ErrorState, Notice, PageHeader, Spinner, Stat } from '../../ui';
import { percentText, TREASURIES_EDUCATION_PATH } from './treasuryRoutes';
import './treasuries.css';

export const BondAccountMessages = {
  title: 'Bond Account',
  subtitle: 'A managed portfolio of investment-grade bonds that keeps your cash earning yield.',
  yieldToMaturity: 'Yield to maturity',
  yieldHint: 'The portfolio’s average yield if every bond is held to maturity, before fees. It changes with the market.',
  noYield: 'Not published right now',
  loading: 'Loading the Bond Account yield',
  loadFailed: "We couldn't load the Bond Account yield",
  notAvailableTitle: 'Opening a Bond Account is not available yet',
  notAvailableBody: 'Fundflow takes care of getting money into your accounts; opening a managed Bond Account is not part of it yet.',
  treasuries: 'Explore U.S. Treasuries',
  back: 'Back',
} as const;

/** The managed bond account page the Treasuries promo card links to (funding-methods.md 2.12 'Learn more'). */
export default function BondAccountPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const bondYield = useGetBondAccountYieldQuery();
  const value = bondYield.data?.yieldToMaturity ?? null;
  return (
    <div className="page treasuries-page">
      <PageHeader
        eyebrow={
          <Button
            variant="ghost"
            size="sm"
            className="treasuries-page__back"
            onClick={() => {
              if (location.key === 'default') navigate('/portfolio');
              else navigate(-1);
            }}
          >
            <ChevronLeftIcon size={18} /> {BondAccountMessages.back}
          </Button>
        }
        title={BondAccountMessages.title}
        subtitle={BondAccountMessages.subtitle}
      />
      <Card>
        {bondYield.isLoading ? (
          <Spinner label={BondAccountMessages.loading} />
        ) : bondYield.isError ? (
          <ErrorState
            title={BondAccountMessages.loadFailed}
            body={errorMessage(bondYield.error)}
            onRetry={() => void bondYield.refetch()}
          />
        ) : (
          <Stat
            label={BondAccountMessages.yieldToMaturity}
            value={value ? percentText(value) : BondAccountMessages.noYield}
            hint={BondAccountMessages.yieldHint}
          />
        )}
      </Card>
      <Notice tone="info" title={BondAccountMessages.notAvailableTitle}>
        {BondAccountMessages.notAvailableBody}
      </Notice>
      <p>
        <AppLink to={TREASURIES_EDUCATION_PATH} className="text-link">
          {BondAccountMessages.treasuries}
        </AppLink>
      </p>
    </div>
  );
}
