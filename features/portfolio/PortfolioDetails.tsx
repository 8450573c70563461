import { useAppSelector } from '../../store/hooks';
import { selectSelectedAccount } from '../accountSelection/accountSelectionSlice';
import { AccountPortfolio } from './AccountPortfolio';
import './portfolioDetails.css';

/**
 * Positions, balances and the high-yield cash balance of the selected account (funding-methods.md 3.5), for the
 * portfolio page to render lazily. Polls as the server asks (millisecondsToWaitAfterLastResponse) while focused.
 */
export default function PortfolioDetails({ accountUuid }: { accountUuid?: string }) {
  const selected = useAppSelector(selectSelectedAccount);
  const uuid = accountUuid ?? selected?.accountUuid ?? null;
  if (!uuid) return null;
  return <AccountPortfolio accountUuid={uuid} />;
}
