import { BankIcon, ListRow } from '../../../ui';

/** The bank offers both ways: log in with the partner, or type the numbers. */
export function LinkChoiceStep({ onChoose }: { onChoose: (provider: 'PLAID' | 'VERIFICATION_SERVICE') => void }) {
  return (
    <ul className="ff-bank-link__options" aria-label="Ways to link your bank">
      <li>
        <ListRow
          icon={<BankIcon />}
          title="Log in to your bank"
          subtitle="Connect instantly and securely with Plaid"
          badge="Recommended"
          onClick={() => onChoose('PLAID')}
        />
      </li>
      <li>
        <ListRow
          icon={<BankIcon />}
          title="Enter routing and account number"
          subtitle="Type the numbers from a check or your bank's app"
          onClick={() => onChoose('VERIFICATION_SERVICE')}
        />
      </li>
    </ul>
  );
}
