import { useEffect, useState } from 'react';
import { AppLink } from '../navigation/AppLink';
import { errorMessage } from '../../api/apiError';
import { selectFlags } from '../../api/configApi';
import type { CryptoDepositOptions } from '../../api/contract';
import { useGetCryptoDepositAddressQuery, useGetCryptoDepositOptionsQuery, useGetCryptoTransfersQuery } from '../../api/cryptoApi';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import {
  AlertIcon,
  Badge,
  Button,
  buttonClassName,
  Card,
  ChevronLeftIcon,
  Chips,
  EmptyState,
  ErrorState,
  List,
  ListRow,
  Notice,
  PageHeader,
  SelectField,
  Spinner,
} from '../../ui';
import { CryptoCopy, IneligibleCopy, shortHash, transferDate, transferStatusText } from './cryptoCopy';
import { assetChosen, networkChosen, selectCryptoAsset, selectCryptoNetwork } from './cryptoTransferSlice';
import './crypto.css';

/**
 * /settings/crypto-transfer and /settings/v2/crypto-transfer: send crypto in. The customer picks an asset and its
 * network and gets a deposit address from the custodian, with the network warning, the minimum and the
 * confirmations; incoming transfers are listed with their status. A market restriction or no eligible account
 * shows why instead.
 */
export default function CryptoTransferPage() {
  const flags = useAppSelector(selectFlags);
  const options = useGetCryptoDepositOptionsQuery();
  const transfersPath = flags.newerSettingsLayout ? '/settings/v2/transfers' : '/settings/funding-methods';

  let body: React.ReactNode;
  if (options.isLoading) body = <Spinner label="Loading crypto transfers" />;
  else if (options.isError || !options.data) {
    body = <ErrorState title={CryptoCopy.loadFailed} body={errorMessage(options.error)} onRetry={() => void options.refetch()} />;
  } else if (!options.data.eligible) body = <Ineligible options={options.data} />;
  else body = <DepositAddress options={options.data} />;

  return (
    <div className="page crypto-transfer">
      <AppLink to={transfersPath} className="text-link crypto-transfer__back">
        <ChevronLeftIcon size={16} /> {CryptoCopy.back}
      </AppLink>
      <PageHeader title={CryptoCopy.title} subtitle={CryptoCopy.subtitle} />
      {body}
      {options.data?.eligible ? <IncomingTransfers /> : null}
    </div>
  );
}

function Ineligible({ options }: { options: CryptoDepositOptions }) {
  const reason = options.ineligibility ?? 'NO_BROKERAGE_ACCOUNT';
  const copy = IneligibleCopy[reason];
  const action =
    reason === 'APPLICATION_NOT_COMPLETE' ? (
      <AppLink className={buttonClassName('primary')} to="/setup-investing">
        {CryptoCopy.finishApplication}
      </AppLink>
    ) : (
      <AppLink className={buttonClassName('secondary')} to="/portfolio">
        {CryptoCopy.portfolio}
      </AppLink>
    );
  return (
    <Card>
      <div role="status">
        <EmptyState icon={<AlertIcon size={24} />} title={copy.title} body={copy.body} action={action} />
      </div>
    </Card>
  );
}

function DepositAddress({ options }: { options: CryptoDepositOptions }) {
  const dispatch = useAppDispatch();
  const asset = useAppSelector(selectCryptoAsset);
  const network = useAppSelector(selectCryptoNetwork);
  const assetOption = options.assets.find((option) => option.asset === asset) ?? options.assets[0];
  const networkOption = assetOption.networks.find((option) => option.network === network) ?? assetOption.networks[0];
  const account = options.account!;
  const address = useGetCryptoDepositAddressQuery({
    accountUuid: account.accountUuid,
    asset: assetOption.asset,
    network: networkOption.network,
  });
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => setCopyState('idle'), [asset, network]);

  const copy = async () => {
    if (!address.data) return;
    try {
      await navigator.clipboard.writeText(address.data.address);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  };

  return (
    <Card>
      <div className="crypto-transfer__pickers">
        <Chips
          label={CryptoCopy.asset}
          options={options.assets.map((option) => ({ value: option.asset, label: `${option.asset} · ${option.name}` }))}
          value={assetOption.asset}
          onChange={(value) => dispatch(assetChosen(value as typeof asset))}
        />
        {assetOption.networks.length > 1 ? (
          <SelectField
            label={CryptoCopy.network}
            value={networkOption.network}
            onChange={(value) => dispatch(networkChosen(value as typeof network))}
            options={assetOption.networks.map((option) => ({ value: option.network, label: option.label }))}
            hint={`${assetOption.asset} travels on more than one network. Pick the one your wallet sends on.`}
          />
        ) : (
          <p className="crypto-transfer__network">
            <span className="crypto-transfer__label">{CryptoCopy.network}</span> {networkOption.label}
          </p>
        )}
      </div>

      <section className="crypto-transfer__address" aria-labelledby="crypto-address-heading">
        <h2 id="crypto-address-heading">{CryptoCopy.addressHeading(assetOption.asset)}</h2>
        <Notice tone="warning" icon={<AlertIcon size={20} />} title={`${networkOption.label} only`}>
          {CryptoCopy.mismatch(assetOption.asset, networkOption.network)}
        </Notice>
        {address.isFetching && !address.data ? (
          <Spinner label={CryptoCopy.loadingAddress} />
        ) : address.isError ? (
          <ErrorState title={CryptoCopy.addressFailed} body={errorMessage(address.error)} onRetry={() => void address.refetch()} />
        ) : address.data ? (
          <>
            <p className="crypto-transfer__address-value" data-testid="crypto-address" aria-label={`${assetOption.asset} deposit address`}>
              {address.data.address}
            </p>
            <div className="crypto-transfer__copy">
              <Button variant="secondary" onClick={() => void copy()}>
                {CryptoCopy.copy}
              </Button>
              <span role="status" className="crypto-transfer__copy-status">
                {copyState === 'copied' ? CryptoCopy.copied : copyState === 'failed' ? CryptoCopy.copyFailed : ''}
              </span>
            </div>
            <ul className="crypto-transfer__facts">
              <li>{CryptoCopy.minimum(address.data.minimum, assetOption.asset)}</li>
              <li>{CryptoCopy.confirmations(address.data.confirmations)}</li>
              <li>{CryptoCopy.creditedTo(account.displayName, account.mask)}</li>
            </ul>
          </>
        ) : null}
        {options.custodyMode === 'sandbox' ? <Notice tone="info">{CryptoCopy.sandbox}</Notice> : null}
      </section>
    </Card>
  );
}

function IncomingTransfers() {
  const transfers = useGetCryptoTransfersQuery();
  let body: React.ReactNode;
  if (transfers.isLoading) body = <Spinner label="Loading incoming transfers" />;
  else if (transfers.isError)
    body = <ErrorState title={CryptoCopy.loadFailed} body={errorMessage(transfers.error)} onRetry={() => void transfers.refetch()} />;
  else if (!transfers.data?.length) body = <EmptyState title={CryptoCopy.noTransfers} body={CryptoCopy.noTransfersBody} />;
  else {
    body = (
      <List label={CryptoCopy.transfersTitle}>
        {transfers.data.map((transfer) => (
          <ListRow
            key={transfer.id}
            title={`${transfer.quantity} ${transfer.asset}`}
            subtitle={`${transferDate(transfer.createdAt)} · ${transfer.network.charAt(0)}${transfer.network.slice(1).toLowerCase()} · ${shortHash(transfer.transactionHash)}`}
            trailing={
              <Badge tone={transfer.status === 'COMPLETED' ? 'success' : transfer.status === 'RETURNED' ? 'danger' : 'warning'}>
                {transferStatusText(transfer)}
              </Badge>
            }
          />
        ))}
      </List>
    );
  }
  return <Card title={CryptoCopy.transfersTitle}>{body}</Card>;
}
