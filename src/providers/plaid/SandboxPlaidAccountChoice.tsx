import type { SandboxPlaidAccount } from '../../../api/contract';

/** 'Which account do you want to link?': the login's accounts as radio buttons. */
export function SandboxPlaidAccountChoice({
  name,
  accounts,
  selectedId,
  onSelect,
}: {
  /** The radio group's name. */
  name: string;
  accounts: SandboxPlaidAccount[];
  selectedId: string | null;
  onSelect: (accountId: string) => void;
}) {
  return (
    <fieldset className="ff-sandbox-plaid__accounts">
      <legend>Which account do you want to link?</legend>
      {accounts.map((account) => (
        <label key={account.id} className="ff-sandbox-plaid__account">
          <input type="radio" name={name} value={account.id} checked={selectedId === account.id} onChange={() => onSelect(account.id)} />
          <span>
            {account.name} •••• {account.mask}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
