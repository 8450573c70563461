import { AppLink } from '../navigation/AppLink';
import { errorMessage } from '../../api/apiError';
import type { useGetPaymentMethodsQuery } from '../../api/paymentMethodsApi';
import type { PaymentMethod } from '../../api/contract';
import { useAppSelector } from '../../store/hooks';
import {
  maskedNumber,
  METHOD_ATTENTION_LABELS,
  PAYMENT_METHOD_TYPE_LABELS,
  selectPaymentMethodAttention,
} from '../paymentMethods/paymentMethodList';
import { Badge, BankIcon, buttonClassName, Card, CardIcon, EmptyState, ErrorState, ListRow, Spinner, WireIcon } from '../../ui';
import { selectMoneyActionsShown } from '../session/customerStanding';

function methodIcon(method: PaymentMethod) {
  if (method.type === 'DEBIT_CARD') return <CardIcon />;
  if (method.type === 'WIRE_TRANSFER') return <WireIcon />;
  return <BankIcon />;
}

/** 'Funding methods': each linked method with its type, number, default mark and what it needs, and Manage. */
export function PortfolioFundingMethodsCard({
  methodsQuery,
  methods,
  methodsPath,
}: {
  methodsQuery: ReturnType<typeof useGetPaymentMethodsQuery>;
  methods: PaymentMethod[];
  methodsPath: string;
}) {
  const attention = useAppSelector(selectPaymentMethodAttention);
  const moneyActionsShown = useAppSelector(selectMoneyActionsShown);
  return (
    <Card
      as="section"
      title="Funding methods"
      actions={
        moneyActionsShown ? (
          <AppLink to={methodsPath} className="text-link">
            Manage
          </AppLink>
        ) : undefined
      }
    >
      {methodsQuery.isLoading ? (
        <Spinner label="Loading funding methods" />
      ) : methodsQuery.isError ? (
        <ErrorState
          title="We couldn't load your funding methods"
          body={errorMessage(methodsQuery.error)}
          onRetry={() => void methodsQuery.refetch()}
        />
      ) : methods.length === 0 ? (
        <EmptyState
          title="No funding methods yet"
          body="Link up to three bank accounts and one debit card."
          action={
            moneyActionsShown ? (
              <AppLink className={buttonClassName('secondary', 'md', false)} to={methodsPath}>
                Add funding method
              </AppLink>
            ) : undefined
          }
        />
      ) : (
        <ul className="row-list" aria-label="Funding methods">
          {methods.map((method) => (
            <li key={method.id}>
              <ListRow
                icon={methodIcon(method)}
                title={method.displayName}
                subtitle={`${PAYMENT_METHOD_TYPE_LABELS[method.type]} · ${maskedNumber(method.paymentMethodNumber)}`}
                badge={method.defaultPaymentMethod ? '(Default)' : undefined}
                trailing={attention[method.id] ? <Badge tone="warning">{METHOD_ATTENTION_LABELS[attention[method.id]]}</Badge> : undefined}
              />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
