import type { ReactNode } from 'react';
import { FundingMessages } from '../../../api/contract/values';
import { useAppSelector } from '../../../store/hooks';
import { BankIcon, Button, CardIcon, ListRow, MicroDepositIcon, Stack, WireIcon } from '../../../ui';
import { selectFallbackVariant, type FallbackOption } from '../bankLinkSlice';
import { selectVisibleFallbackOptions } from '../bankLinkSelectors';
import { FALLBACK_ROUTES } from '../bankLinkCopy';
import { useLeaveBankLink } from '../useLeaveBankLink';

const FALLBACK_LABELS: Record<FallbackOption, { title: string; subtitle: string; icon: ReactNode }> = {
  PLAID: { title: 'Log in to your bank', subtitle: 'Connect instantly with Plaid', icon: <BankIcon /> },
  VERIFICATION_SERVICE: { title: 'Enter routing and account number', subtitle: 'We verify the account for you', icon: <BankIcon /> },
  DEBIT_CARD: { title: 'Debit card', subtitle: 'Link a personal debit card', icon: <CardIcon /> },
  MICRO_DEPOSIT: { title: 'Microdeposit', subtitle: 'Confirm two small deposits in a few days', icon: <MicroDepositIcon /> },
  WIRE_TRANSFER: { title: 'Wire transfer', subtitle: 'Send money from your bank by wire', icon: <WireIcon /> },
};

interface FallbacksStepProps {
  /** A bank-link kind: the flow goes on with it. */
  onLinkChosen: (provider: 'PLAID' | 'VERIFICATION_SERVICE') => void;
  onClose: () => void;
}

/**
 * The link did not work (or the customer looks for another way): the other ways to fund the account. A bank-link kind
 * goes on in the flow; the others leave it for their own page.
 */
export function FallbacksStep({ onLinkChosen, onClose }: FallbacksStepProps) {
  const { leaveTo } = useLeaveBankLink();
  const onChoose = (option: FallbackOption) => {
    if (option === 'PLAID' || option === 'VERIFICATION_SERVICE') onLinkChosen(option);
    else leaveTo(FALLBACK_ROUTES[option]);
  };
  const options = useAppSelector(selectVisibleFallbackOptions);
  const variant = useAppSelector(selectFallbackVariant);
  const bodyText = variant === 'tryAnother' ? FundingMessages.fallbackTryAnotherBody : FundingMessages.fallbackWentWrongBody;
  return (
    <Stack gap={5}>
      <p className="ff-bank-link__lead">{bodyText}</p>
      {options.length > 0 ? (
        <ul className="ff-bank-link__options" aria-label="Other ways to fund your account">
          {options.map((option) => (
            <li key={option}>
              <ListRow
                icon={FALLBACK_LABELS[option].icon}
                title={FALLBACK_LABELS[option].title}
                subtitle={FALLBACK_LABELS[option].subtitle}
                onClick={() => onChoose(option)}
              />
            </li>
          ))}
        </ul>
      ) : (
        <div className="ff-bank-link__actions">
          <Button fullWidth variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      )}
    </Stack>
  );
}
