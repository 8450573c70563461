import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { FundingMessages } from '../../../api/contract/values';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { Button, buttonClassName, Stack } from '../../../ui';
import { debitCardFlowClosed, selectDebitCardFlow, tryAgainChosen } from '../debitCardSlice';
import { selectDebitCardErrorButton } from '../debitCardSelectors';
import { DEBIT_CARD_HELP_POINTS, FINISH_APPLICATION_PATH, supportMailto } from '../debitCardHelp';
import { StepActions } from './StepActions';

/** A refusal: the server's words, help on linking a card, and the one way forward the error allows. */
export function ErrorStep({ onDismiss, onFinishApplication }: { onDismiss: () => void; onFinishApplication: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const flow = useAppSelector(selectDebitCardFlow);
  const button = useAppSelector(selectDebitCardErrorButton);
  const [helpOpen, setHelpOpen] = useState(false);
  const helpId = `ff-debit-card-help-${useId()}`;
  const message = flow.error?.message ?? FundingMessages.debitCardDefault;

  const finishApplication = () => {
    dispatch(debitCardFlowClosed({ from: 'error' }));
    onFinishApplication();
    navigate(FINISH_APPLICATION_PATH);
  };

  return (
    <Stack gap={5}>
      <p className="ff-debit-card__message" role="alert">
        {message}
      </p>
      <div>
        <a
          href={`#${helpId}`}
          className="ff-debit-card__help-link"
          aria-expanded={helpOpen}
          aria-controls={helpId}
          onClick={(event) => {
            event.preventDefault();
            setHelpOpen((open) => !open);
          }}
        >
          Learn more about linking your debit card
        </a>
        <div id={helpId} hidden={!helpOpen} className="ff-debit-card__help">
          <ul>
            {DEBIT_CARD_HELP_POINTS.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </div>
      </div>
      <StepActions>
        <Button variant="secondary" onClick={onDismiss}>
          Dismiss
        </Button>
        {button === 'retry' ? <Button onClick={() => dispatch(tryAgainChosen())}>Try Again</Button> : null}
        {button === 'finishApplication' ? <Button onClick={finishApplication}>Finish Application</Button> : null}
        {button === 'support' ? (
          <a className={buttonClassName('primary')} href={supportMailto(message)}>
            Contact Support
          </a>
        ) : null}
      </StepActions>
    </Stack>
  );
}
