import { useEffect, useId } from 'react';
import { useSearchParams } from 'react-router';
import { AppLink } from '../navigation/AppLink';
import { selectFlags } from '../../api/configApi';
import { useGetPaymentMethodsQuery } from '../../api/paymentMethodsApi';
import { useSetDefaultPaymentMethodMutation } from '../../api/paymentMethodChangesApi';
import { errorMessage } from '../../api/apiError';
import { FundingMessages } from '../../api/contract/values';
import type { PaymentMethod } from '../../api/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { CLOSED_ACCOUNT_NOTE, selectMoneyActionsShown } from '../session/customerStanding';
import { Button, Card, EmptyState, ErrorState, ListRow, Notice, OptionsMenu, PlusIcon, Spinner, type OptionsMenuItem } from '../../ui';
import { toastShown } from '../notifications/toastsSlice';
import {
  maskedNumber,
  PAYMENT_METHOD_TYPE_LABELS,
  selectAddFundingMethodBlockedReason,
  selectMethodMenuItems,
  selectPaymentMethodFlags,
  selectPaymentMethodsList,
  selectRelinkBannerMethod,
  type MethodMenuAction,
} from '../paymentMethods/paymentMethodSelectors';
import { fundingFlowOpened } from './fundingModalSlice';
import { relinkRequested, removalRequested } from './manageFundingMethodsSlice';
import { microDepositVerifyOpened } from './microDepositVerifySlice';
import { nicknameModalOpened } from './nicknameSlice';
import { selectStatementUpload, statementUploadOpened } from './statementUploadSlice';
import { MethodIcon, MethodStatusBadge } from './methodDisplay';
import { settingsPaths } from './fundingQuery';
import './fundingMethods.css';

export const MANAGE_INTRO = 'Link up to three bank accounts and one debit card';

/**
 * Manage funding methods (funding-methods.md 2.2): the list with each method's options, the relink banner and
 * 'Add funding method'. The dialogs it opens are rendered by the FundingFlowHost from their slices.
 */
export function ManageFundingMethods({ title = 'Funding methods' }: { title?: string }) {
  const dispatch = useAppDispatch();
  const query = useGetPaymentMethodsQuery();
  const methods = useAppSelector(selectPaymentMethodsList);
  const flags = useAppSelector(selectPaymentMethodFlags);
  const menus = useAppSelector(selectMethodMenuItems);
  const relinkMethod = useAppSelector(selectRelinkBannerMethod);
  const blockedReason = useAppSelector(selectAddFundingMethodBlockedReason);
  const moneyActionsShown = useAppSelector(selectMoneyActionsShown);
  const underReview = useAppSelector(selectStatementUpload).submittedIds;
  const [setDefault] = useSetDefaultPaymentMethodMutation();
  const reasonId = useId();
  const paths = settingsPaths(useAppSelector(selectFlags).newerSettingsLayout);
  const [searchParams, setSearchParams] = useSearchParams();

  // The bank-link success step's 'Set nickname' lands here with ?nickname=<paymentMethodId>.
  const nicknameFor = searchParams.get('nickname');
  useEffect(() => {
    if (!nicknameFor) return;
    dispatch(nicknameModalOpened({ paymentMethodId: nicknameFor, edit: true }));
    setSearchParams(
      (params) => {
        params.delete('nickname');
        return params;
      },
      { replace: true },
    );
  }, [nicknameFor, dispatch, setSearchParams]);

  async function makeDefault(method: PaymentMethod) {
    try {
      await setDefault(method.id).unwrap();
      dispatch(toastShown(FundingMessages.setDefaultSucceeded, 'success'));
    } catch {
      dispatch(toastShown(FundingMessages.setDefaultFailed, 'error'));
    }
  }

  function handle(action: MethodMenuAction, method: PaymentMethod) {
    switch (action) {
      case 'setDefault':
        return void makeDefault(method);
      case 'updateDebitCard':
        return void dispatch(fundingFlowOpened({ modal: 'debitCard', replacePaymentMethodId: method.id }));
      case 'relink':
        return void dispatch(relinkRequested(method.id));
      case 'nickname':
        return void dispatch(nicknameModalOpened({ paymentMethodId: method.id }));
      case 'verifyMicroDeposits':
        return void dispatch(microDepositVerifyOpened(method.id));
      case 'verifyStatement':
        return void dispatch(statementUploadOpened({ paymentMethodId: method.id }));
      case 'remove':
        return void dispatch(removalRequested(method.id));
    }
  }

  const menuItems = (method: PaymentMethod): OptionsMenuItem[] =>
    (menus[method.id] ?? []).map((item) => ({
      id: item.action,
      label: item.label,
      disabled: item.disabled,
      hint: item.hint,
      tone: item.action === 'remove' ? 'danger' : 'default',
      onSelect: () => handle(item.action, method),
    }));

  let body: React.ReactNode;
  if (query.isLoading) {
    body = <Spinner label="Loading funding methods" />;
  } else if (query.isError) {
    body = (
      <ErrorState title="We couldn't load your funding methods" body={errorMessage(query.error)} onRetry={() => void query.refetch()} />
    );
  } else if (methods.length === 0) {
    body = <EmptyState title="No funding methods yet" body="Add a bank account or a debit card to fund your accounts." />;
  } else {
    body = (
      <ul className="row-list" aria-label="Your funding methods" aria-busy={query.isFetching || undefined}>
        {methods.map((method) => (
          <li key={method.id}>
            <ListRow
              icon={<MethodIcon method={method} />}
              title={method.displayName}
              badge={method.defaultPaymentMethod ? '(Default)' : undefined}
              subtitle={
                <span className="funding-methods__subtitle">
                  <span>
                    {PAYMENT_METHOD_TYPE_LABELS[method.type]} · {maskedNumber(method.paymentMethodNumber)}
                  </span>
                  {flags[method.id] ? <MethodStatusBadge flags={flags[method.id]} underReview={underReview.includes(method.id)} /> : null}
                </span>
              }
              trailing={<OptionsMenu label={`Options for ${method.displayName}`} items={menuItems(method)} />}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card
      as="section"
      title={title}
      actions={
        <AppLink to={paths.wireTransfer} className="text-link">
          Wire instructions
        </AppLink>
      }
    >
      <p className="funding-methods__intro">{MANAGE_INTRO}</p>
      {relinkMethod ? (
        <Notice
          tone="warning"
          className="funding-methods__banner"
          title="Restore your bank account connection"
          action={
            <Button
              size="sm"
              variant="secondary"
              onClick={() => dispatch(relinkRequested(relinkMethod.id))}
              aria-label={`Relink ${relinkMethod.displayName}`}
            >
              Relink
            </Button>
          }
        >
          Your login to {relinkMethod.displayName} has expired. Relink it to keep using it for deposits and withdrawals.
        </Notice>
      ) : null}
      {body}
      {moneyActionsShown ? (
        <div className="funding-methods__add">
          <Button
            variant="secondary"
            disabled={Boolean(blockedReason) || query.isLoading}
            aria-describedby={blockedReason ? reasonId : undefined}
            onClick={() => dispatch(fundingFlowOpened({ modal: 'addMethod' }))}
          >
            <PlusIcon size={18} /> Add funding method
          </Button>
          {blockedReason ? (
            <p id={reasonId} className="funding-methods__add-reason">
              {blockedReason}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="funding-methods__add-reason">{CLOSED_ACCOUNT_NOTE}</p>
      )}
    </Card>
  );
}
