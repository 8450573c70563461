import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../api/apiError';
import { useGetAccountsQuery, selectAllAccounts } from '../../api/accountsApi';
import {
  useCreateAcatDraftMutation,
  useGetAcatDraftQuery,
  useGetBrokeragesQuery,
  useUpdateAcatFragmentsMutation,
} from '../../api/servicesApi';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Button, ErrorState, Modal, SelectField, Spinner, TextField } from '../../ui';
import { toastShown } from '../notifications/toastsSlice';
import { ACAT_MESSAGES, ACCOUNT_TYPE_OPTIONS, cashProblem, formFromFragments, fragmentsFromForm, type AcatForm } from './acatRules';
import { editorClosed } from './acatTransfersSlice';

/**
 * Start or continue a transfer: the form's fields become the draft's fragments (PUT .../fragments). A new transfer
 * (draftId null) has no draft until its first Save creates one with the fragments (POST), so an editor opened and
 * cancelled leaves no empty draft behind. What is still missing is the server's list on the draft, shown in the
 * section after saving; the form only checks what it parses.
 */
export function AcatDraftEditor({ draftId }: { draftId: string | null }) {
  const dispatch = useAppDispatch();
  const draftQuery = useGetAcatDraftQuery(draftId ?? skipToken);
  const brokeragesQuery = useGetBrokeragesQuery();
  useGetAccountsQuery();
  const accounts = useAppSelector(selectAllAccounts);
  const [save, saving] = useUpdateAcatFragmentsMutation();
  const [create, creating] = useCreateAcatDraftMutation();
  const [form, setForm] = useState<AcatForm | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => dispatch(editorClosed());

  const draft = draftId === null ? null : draftQuery.data;
  const previousFragments = draft?.fragments;
  useEffect(() => {
    if (form !== null) return;
    if (draftId === null) setForm(formFromFragments([]));
    else if (previousFragments) setForm(formFromFragments(previousFragments));
  }, [draftId, previousFragments, form]);

  const brokerage = brokeragesQuery.data?.find((b) => b.name === form?.brokerage);
  // While the list is missing (not loaded yet, or it failed), the draft's own brokerage stays an option, so the
  // field keeps showing what the customer chose and a save keeps it.
  const chosenBrokerage = form?.brokerage ?? '';
  const brokerageOptions = useMemo(() => {
    const options = (brokeragesQuery.data ?? []).map((b) => ({ value: b.name, label: b.name }));
    if (chosenBrokerage && !options.some((option) => option.value === chosenBrokerage))
      options.unshift({ value: chosenBrokerage, label: chosenBrokerage });
    return options;
  }, [brokeragesQuery.data, chosenBrokerage]);
  const accountOptions = useMemo(
    () =>
      accounts
        .filter((account) => account.status === 'OPEN')
        .map((account) => ({ value: account.accountUuid, label: `${account.displayName} •••• ${account.account.slice(-4)}` })),
    [accounts],
  );
  const cashError = form ? cashProblem(form.cash) : null;
  const update = (patch: Partial<AcatForm>) => setForm((current) => (current ? { ...current, ...patch } : current));

  const onSave = async () => {
    if (!form || cashError || (draftId !== null && !draft)) return;
    setError(null);
    try {
      if (draftId === null) await create({ fragments: fragmentsFromForm(form, []) }).unwrap();
      else await save({ draftId, fragments: fragmentsFromForm(form, draft!.fragments) }).unwrap();
      dispatch(toastShown(ACAT_MESSAGES.saved, 'success'));
      close();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  let body: React.ReactNode;
  if (draftId !== null && draftQuery.isError) {
    body = (
      <ErrorState title="We couldn't load this transfer" body={errorMessage(draftQuery.error)} onRetry={() => void draftQuery.refetch()} />
    );
  } else if (!form || (draftId !== null && !draft)) {
    body = <Spinner label="Loading the transfer" />;
  } else {
    body = (
      <form
        id="acat-editor-form"
        className="acat-editor"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSave();
        }}
      >
        <SelectField
          label="Brokerage you are transferring from"
          value={form.brokerage}
          onChange={(value) => update({ brokerage: value })}
          options={brokerageOptions}
          placeholder={brokeragesQuery.isLoading ? 'Loading brokerages…' : 'Choose a brokerage'}
        />
        {brokeragesQuery.isError && !brokeragesQuery.isFetching ? (
          // Ours (the spec is silent): say what is missing and why, offer the retry, and leave the rest of the form
          // as it is, so what the customer typed stays while the list is fetched again.
          <div role="alert" className="acat-error">
            <p>
              {ACAT_MESSAGES.brokeragesFailed} {errorMessage(brokeragesQuery.error)}
            </p>
            <Button size="sm" variant="secondary" onClick={() => void brokeragesQuery.refetch()}>
              Try again
            </Button>
          </div>
        ) : null}
        <SelectField
          label="Type of account"
          value={form.accountType}
          onChange={(value) => update({ accountType: value as AcatForm['accountType'] })}
          options={[...ACCOUNT_TYPE_OPTIONS]}
          placeholder="Choose the account type"
        />
        <TextField
          label="Account number at the other brokerage"
          value={form.accountNumber}
          onChange={(event) => update({ accountNumber: event.target.value })}
          hint={brokerage?.accountNumberHint}
          autoComplete="off"
          maxLength={20}
        />
        <TextField
          label="Name on the account"
          value={form.accountHolder}
          onChange={(event) => update({ accountHolder: event.target.value })}
          hint="As it appears on your statement"
          autoComplete="name"
          maxLength={80}
        />
        <SelectField
          label="What to transfer"
          value={form.transferType}
          onChange={(value) => update({ transferType: value as AcatForm['transferType'] })}
          options={[
            { value: 'FULL', label: 'Everything (full transfer)' },
            { value: 'PARTIAL', label: 'Some cash or positions (partial transfer)' },
          ]}
          placeholder="Full or partial"
        />
        {form.transferType === 'PARTIAL' ? (
          <TextField
            label="Cash to transfer (USD)"
            value={form.cash}
            onChange={(event) => update({ cash: event.target.value })}
            inputMode="decimal"
            error={cashError ?? undefined}
          />
        ) : null}
        <SelectField
          label="Fundflow account to transfer into"
          value={form.destination}
          onChange={(value) => update({ destination: value })}
          options={accountOptions}
          placeholder="Choose an account"
        />
        {error ? (
          <p role="alert" className="acat-error">
            {error}
          </p>
        ) : null}
      </form>
    );
  }

  return (
    <Modal
      open
      title={draft?.brokerage ? `Transfer from ${draft.brokerage}` : ACAT_MESSAGES.newTransfer}
      onClose={close}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button
            type="submit"
            form="acat-editor-form"
            loading={saving.isLoading || creating.isLoading}
            disabled={!form || Boolean(cashError)}
          >
            Save
          </Button>
        </>
      }
    >
      {body}
    </Modal>
  );
}
