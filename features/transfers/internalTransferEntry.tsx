import { lazy, useState } from 'react';
import { Button, Spinner, type ButtonProps } from '../../ui';
import { LazyBoundary } from '../errorRecovery/AppErrorBoundary';

// The flow is its own chunk: the entry costs the page a button only.
const InternalTransferFlow = lazy(() => import(/* webpackChunkName: "internal-transfer" */ './InternalTransferFlow'));

export const TRANSFER_BETWEEN_ACCOUNTS_LABEL = 'Transfer between accounts';

export interface TransferBetweenAccountsButtonProps {
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  fullWidth?: boolean;
  className?: string;
}

/**
 * The 'Transfer between accounts' entry: a button that opens the internal transfer as a dialog (a full-screen
 * sheet below the 760 px breakpoint). For the portfolio's accounts card and the transfers page.
 */
export function TransferBetweenAccountsButton({
  variant = 'secondary',
  size = 'md',
  fullWidth,
  className,
}: TransferBetweenAccountsButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} size={size} fullWidth={fullWidth} className={className} onClick={() => setOpen(true)}>
        {TRANSFER_BETWEEN_ACCOUNTS_LABEL}
      </Button>
      {open ? (
        <LazyBoundary fallback={<Spinner label="Opening" codeLoading />}>
          <InternalTransferFlow presentation="modal" onClose={() => setOpen(false)} />
        </LazyBoundary>
      ) : null}
    </>
  );
}
