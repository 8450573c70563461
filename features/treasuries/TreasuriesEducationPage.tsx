import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { AppLink } from '../navigation/AppLink';
import { useGetBondAccountYieldQuery, useGetTreasuryQuickPicksQuery } from '../../api/treasuryApi';
import { useAppDispatch } from '../../store/hooks';
import { Button, Card, CheckCircleIcon, ChevronLeftIcon, ClockIcon, ShieldIcon, Spinner } from '../../ui';
import { analyticsEventRecorded } from '../analytics/analyticsSlice';
import { useAnalyticsFlush } from '../analytics/useAnalyticsFlush';
import { BOND_ACCOUNT_PATH, DEFAULT_SOURCE_SCREEN, percentText, quickBuyFromEducation } from './treasuryRoutes';
import './treasuries.css';

/** The page's words: the heading is the spec's (2.12); the benefit and disclaimer texts are ours. */
export const TreasuriesEducationMessages = {
  heading: (rate: string) => `Lock in yields of up to ${rate} with U.S. Treasuries`,
  /** While the rate is unknown (loading, or the quick picks could not be read). */
  headingWithoutRate: 'Lock in yields with U.S. Treasuries',
  loadingRate: 'Loading Treasury yields',
  benefits: [
    {
      title: 'A guaranteed yield if held to maturity',
      body: 'Hold a Treasury until it matures and you earn the yield you locked in. You can also sell before maturity at the market price.',
    },
    {
      title: 'Safely grow your cash',
      body: 'Treasuries are backed by the full faith and credit of the U.S. government.',
    },
    {
      title: 'No state or local tax on earnings',
      body: 'Interest from U.S. Treasuries is exempt from state and local income tax.',
    },
  ],
  continue: 'Continue',
  back: 'Back',
  disclaimer:
    'Treasuries carry interest rate risk: if you sell before maturity, the market price may be lower than what you paid. ' +
    'Yields shown are yields to worst, before fees, and change with the market. Treasuries are not FDIC insured. ' +
    'This is not investment or tax advice; consider your own situation or ask a tax advisor.',
  promoTitle: 'Keep earning yield with Bond Account',
  promoBody: 'A managed portfolio of bonds that keeps your cash earning after your Treasuries mature.',
  yieldToMaturity: 'Yield to maturity',
  learnMore: 'Learn more',
} as const;

export const TreasuriesAnalytics = { viewed: 'treasuries_education_viewed', continued: 'treasuries_education_continue' } as const;

const BENEFIT_ICONS = [ClockIcon, ShieldIcon, CheckCircleIcon];

/** Back to where the customer came from; a deep link has no in-app history, so it goes to the portfolio. */
function useBack() {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (location.key === 'default') navigate('/portfolio');
    else navigate(-1);
  };
}

/** The Treasuries education page (funding-methods.md 2.12). */
export default function TreasuriesEducationPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const back = useBack();
  // The page records its own events; without a flusher here they would wait for a funding flow to be opened.
  useAnalyticsFlush();
  const [params] = useSearchParams();
  const sourceScreen = params.get('sourceScreen') || DEFAULT_SOURCE_SCREEN;
  const picks = useGetTreasuryQuickPicksQuery();
  const bondYield = useGetBondAccountYieldQuery();
  const rate = picks.data?.highestYieldToWorst ?? null;
  const yieldToMaturity = bondYield.data?.yieldToMaturity ?? null;

  // sourceScreen is for tracking only (2.1): one page view per visit.
  const recorded = useRef(false);
  useEffect(() => {
    if (recorded.current) return;
    recorded.current = true;
    dispatch(analyticsEventRecorded(TreasuriesAnalytics.viewed, { sourceScreen }));
  }, [dispatch, sourceScreen]);

  const onContinue = () => {
    dispatch(analyticsEventRecorded(TreasuriesAnalytics.continued, { sourceScreen }));
    navigate(quickBuyFromEducation());
  };

  return (
    <div className="page treasuries-page">
      <div>
        <Button variant="ghost" size="sm" className="treasuries-page__back" onClick={back}>
          <ChevronLeftIcon size={18} /> {TreasuriesEducationMessages.back}
        </Button>
      </div>

      <header className="treasuries-hero">
        <p className="treasuries-hero__eyebrow">U.S. Treasuries</p>
        <h1 className="treasuries-hero__title">
          {rate ? TreasuriesEducationMessages.heading(percentText(rate)) : TreasuriesEducationMessages.headingWithoutRate}
        </h1>
        {picks.isLoading ? <Spinner label={TreasuriesEducationMessages.loadingRate} size="sm" /> : null}
      </header>

      <ul className="treasuries-benefits" aria-label="Why Treasuries">
        {TreasuriesEducationMessages.benefits.map((benefit, index) => {
          const Icon = BENEFIT_ICONS[index];
          return (
            <li key={benefit.title} className="treasuries-benefit">
              <span className="treasuries-benefit__icon" aria-hidden="true">
                <Icon size={22} />
              </span>
              <span className="treasuries-benefit__text">
                <span className="treasuries-benefit__title">{benefit.title}</span>
                <span className="treasuries-benefit__body">{benefit.body}</span>
              </span>
            </li>
          );
        })}
      </ul>

      <div className="treasuries-actions">
        <Button fullWidth onClick={onContinue}>
          {TreasuriesEducationMessages.continue}
        </Button>
      </div>

      <p className="treasuries-disclaimer">{TreasuriesEducationMessages.disclaimer}</p>

      <Card title={TreasuriesEducationMessages.promoTitle} headingLevel={2} className="treasuries-promo">
        <p className="treasuries-promo__body">{TreasuriesEducationMessages.promoBody}</p>
        {bondYield.isLoading ? (
          <Spinner label="Loading the Bond Account yield" size="sm" />
        ) : yieldToMaturity ? (
          <p className="treasuries-promo__yield">
            <span className="treasuries-promo__figure">{percentText(yieldToMaturity)}</span>{' '}
            <span className="treasuries-promo__label">{TreasuriesEducationMessages.yieldToMaturity}</span>
          </p>
        ) : null}
        <AppLink to={BOND_ACCOUNT_PATH} className="text-link">
          {TreasuriesEducationMessages.learnMore}
          <span className="ff-visually-hidden"> about Bond Account</span>
        </AppLink>
      </Card>
    </div>
  );
}
