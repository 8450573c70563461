import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { maskedNumber, selectVerifiableMicroDepositMethods } from '../paymentMethods/paymentMethodList';
import { Button, Notice } from '../../ui';
import { isChunkLoadError, reloadForNewerBuild } from '../errorRecovery/chunkReload';
import { toastShown } from '../notifications/toastsSlice';

/** Micro-deposit banks waiting for their two amounts: the customer finalizes the link from home (2.5). */
export function FinalizeBankLink() {
  const dispatch = useAppDispatch();
  const pending = useAppSelector(selectVerifiableMicroDepositMethods);
  const [opening, setOpening] = useState<string | null>(null);
  if (pending.length === 0) return null;
  // The verify dialog's slice comes with the funding host's chunk (the dialog needs that chunk anyway), so the
  // first bundle carries neither; the button spins while it loads.
  const openVerify = (paymentMethodId: string) => {
    // The button is disabled while it spins, which drops its focus; it gets it back before the dialog opens, so the
    // dialog returns focus to it when it closes (keyboard and screen-reader users stay where they were).
    const trigger = document.activeElement;
    setOpening(paymentMethodId);
    import(/* webpackChunkName: "funding-host" */ '../fundingMethods/microDepositVerifySlice').then(
      ({ microDepositVerifyOpened }) => {
        flushSync(() => setOpening(null));
        if (trigger instanceof HTMLElement && trigger.isConnected) trigger.focus();
        dispatch(microDepositVerifyOpened(paymentMethodId));
      },
      (error: unknown) => {
        setOpening(null);
        // An older build's chunk, gone after a deploy: reload once for the new one, as every lazy part does.
        if (!(isChunkLoadError(error) && reloadForNewerBuild()))
          dispatch(toastShown("We couldn't open the bank link. Please try again.", 'error'));
      },
    );
  };
  return (
    <>
      {pending.map((method) => (
        <Notice
          key={method.id}
          tone="info"
          title="Confirm your micro-deposits"
          action={
            <Button size="sm" loading={opening === method.id} onClick={() => openVerify(method.id)}>
              Finalize bank link
            </Button>
          }
        >
          When the two small deposits reach {method.displayName} ({maskedNumber(method.paymentMethodNumber)}), enter their amounts to finish
          linking it.
        </Notice>
      ))}
    </>
  );
}
