import IraDepositFlow from './IraDepositFlow';

export interface IraDepositModalProps {
  /** The IRA to deposit into, by the last digits of its number; else the selected IRA, else the first. */
  accountDigits?: string | null;
  onClose: () => void;
  today?: string;
}

/** The retirement accounts' modal variant of the deposit flow (deposits-and-transfers.md section 2). */
export function IraDepositModal({ accountDigits = null, onClose, today }: IraDepositModalProps) {
  return <IraDepositFlow presentation="modal" accountDigits={accountDigits} onClose={onClose} today={today} />;
}

export default IraDepositModal;
