import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useAppDispatch } from '../../../store/hooks';
import { Spinner } from '../../../ui';
import { confirmAddressToken } from '../debitCardThunks';

/** Back from the emailed link: its token confirms the new address, once. */
export function ConfirmingAddressStep({ token }: { token: string | null }) {
  const dispatch = useAppDispatch();
  const [, setSearchParams] = useSearchParams();
  const confirmedToken = useRef<string | null>(null);
  useEffect(() => {
    if (!token || confirmedToken.current === token) return;
    confirmedToken.current = token;
    // The emailed token works once: once it is spent, it leaves the address bar so a reload cannot replay it.
    const dropToken = () =>
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.delete('auv');
          return next;
        },
        { replace: true },
      );
    void dispatch(confirmAddressToken(token, dropToken));
  }, [token, dispatch, setSearchParams]);
  return <Spinner label="Verifying your address" size="lg" className="ff-debit-card__wait" />;
}
