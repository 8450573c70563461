import { IRA_MATCH_HOLD_YEARS } from '../../api/contract/values';
import { Button, CheckCircleIcon, ClockIcon, Modal, PlusIcon } from '../../ui';
import './iraDeposit.css';

export const IRA_MATCH_WELCOME_TITLE = 'Boost your IRA with a 1% match';

export interface IraMatchWelcomeProps {
  /** The match flag's value (iraMatchPercent); the copy follows it. */
  matchPercent: number;
  onDeposit: () => void;
  onClose: () => void;
}

/**
 * The one-time welcome of the IRA match (deposits-and-transfers.md sections 1 and 9): three benefits and a
 * Deposit button. The caller records that it was seen whichever way it is left.
 */
export function IraMatchWelcome({ matchPercent, onDeposit, onClose }: IraMatchWelcomeProps) {
  const percent = `${matchPercent}%`;
  const title = matchPercent === 1 ? IRA_MATCH_WELCOME_TITLE : `Boost your IRA with a ${percent} match`;
  const benefits = [
    {
      icon: <PlusIcon size={22} />,
      title: `A ${percent} match on your contributions`,
      body: `We add ${percent} of every dollar you contribute to your traditional or Roth IRA.`,
    },
    {
      icon: <ClockIcon size={22} />,
      title: `Matched funds stay ${IRA_MATCH_HOLD_YEARS} years`,
      body: `Keep the match by leaving it in your IRA for ${IRA_MATCH_HOLD_YEARS} years.`,
    },
    {
      icon: <CheckCircleIcon size={22} />,
      title: 'About $70-80 extra a year',
      body: 'Contributing the yearly maximum earns you about $70-80 in matches each year.',
    },
  ];
  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      className="ff-ira-welcome"
      footer={
        <Button fullWidth autoFocus onClick={onDeposit}>
          Deposit
        </Button>
      }
    >
      <ul className="ff-ira-welcome__benefits" aria-label="Match benefits">
        {benefits.map((benefit) => (
          <li key={benefit.title} className="ff-ira-welcome__benefit">
            <span className="ff-ira-welcome__icon">{benefit.icon}</span>
            <span className="ff-ira-welcome__text">
              <span className="ff-ira-welcome__title">{benefit.title}</span>
              <span className="ff-ira-welcome__body">{benefit.body}</span>
            </span>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
