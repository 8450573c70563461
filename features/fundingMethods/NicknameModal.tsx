import { useState } from 'react';
import { useGetPaymentMethodsQuery } from '../../api/paymentMethodsApi';
import { useUpdateNicknameMutation } from '../../api/paymentMethodChangesApi';
import { FundingMessages, NICKNAME_MAX_LENGTH, NICKNAME_MESSAGES, nicknameProblem, normaliseNickname } from '../../api/contract/values';
import type { PaymentMethod } from '../../api/contract';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Button, Modal, TextField } from '../../ui';
import { toastShown } from '../notifications/toastsSlice';
import { maskedNumber, selectPaymentMethodsList } from '../paymentMethods/paymentMethodSelectors';
import {
  nicknameEditCanceled,
  nicknameEditStarted,
  nicknameModalClosed,
  nicknameRemovalCanceled,
  nicknameRemovalRequested,
  nicknameUpdated,
  selectNickname,
} from './nicknameSlice';
import { serverMessage } from '../../api/apiError';
import './fundingMethods.css';

export const NICKNAME_TEXT = {
  title: 'Bank account nickname',
  confirmRemove: 'Are you sure you want to remove this nickname?',
} as const;

const hasNickname = (method: PaymentMethod) => method.displayName !== method.originalName;

function EditForm({ method, onSaved }: { method: PaymentMethod; onSaved: () => void }) {
  const dispatch = useAppDispatch();
  const [value, setValue] = useState(method.displayName);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [update, { isLoading }] = useUpdateNicknameMutation();
  const problem = nicknameProblem(value);
  const changed = normaliseNickname(value) !== method.displayName;
  const shownError = serverError ?? (touched && problem ? NICKNAME_MESSAGES[problem] : undefined);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (problem || !changed) return;
    try {
      await update({ paymentMethodId: method.id, nickname: normaliseNickname(value) }).unwrap();
      onSaved();
    } catch (error) {
      const message = serverMessage(error);
      if (message) setServerError(message);
      else dispatch(toastShown(FundingMessages.nicknameUnknown, 'error'));
    }
  }

  return (
    <form className="funding-form" onSubmit={(event) => void save(event)} noValidate>
      <TextField
        label={NICKNAME_TEXT.title}
        value={value}
        autoFocus
        maxLength={NICKNAME_MAX_LENGTH * 2}
        hint={`Up to ${NICKNAME_MAX_LENGTH} characters`}
        error={shownError}
        onChange={(event) => {
          setValue(event.target.value);
          setTouched(true);
          setServerError(null);
        }}
        onBlur={() => setTouched(true)}
      />
      <div className="funding-form__actions">
        <Button variant="secondary" onClick={() => dispatch(nicknameEditCanceled())} disabled={isLoading}>
          Cancel
        </Button>
        <Button type="submit" disabled={Boolean(problem) || !changed} loading={isLoading}>
          Save
        </Button>
      </div>
    </form>
  );
}

/** The bank nickname modal (2.10, 4.6): view, edit and remove. */
export default function NicknameModal() {
  const dispatch = useAppDispatch();
  const { paymentMethodId, mode } = useAppSelector(selectNickname);
  useGetPaymentMethodsQuery();
  const method = useAppSelector(selectPaymentMethodsList).find((item) => item.id === paymentMethodId);
  const [update, { isLoading }] = useUpdateNicknameMutation();
  if (!paymentMethodId || !method) return null;
  const close = () => dispatch(nicknameModalClosed());

  async function removeNickname() {
    try {
      await update({ paymentMethodId: method!.id, nickname: null }).unwrap();
      dispatch(nicknameUpdated());
      dispatch(toastShown('Nickname removed', 'success'));
    } catch {
      dispatch(toastShown(FundingMessages.nicknameRemoveFailed, 'error'));
      dispatch(nicknameRemovalCanceled());
    }
  }

  let content: React.ReactNode;
  if (mode === 'edit') {
    content = (
      <EditForm
        method={method}
        onSaved={() => {
          dispatch(nicknameUpdated());
          dispatch(toastShown('Nickname saved', 'success'));
        }}
      />
    );
  } else if (mode === 'confirmRemove') {
    content = (
      <div className="funding-form">
        <p className="funding-text">{NICKNAME_TEXT.confirmRemove}</p>
        <p className="funding-text funding-text--muted">It will show as {method.originalName} again.</p>
        <div className="funding-form__actions">
          <Button variant="secondary" onClick={() => dispatch(nicknameRemovalCanceled())} disabled={isLoading}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void removeNickname()} loading={isLoading}>
            Remove
          </Button>
        </div>
      </div>
    );
  } else {
    content = (
      <div className="funding-form">
        <div>
          <p className="funding-text">
            <strong>{method.displayName}</strong>
          </p>
          <p className="funding-text funding-text--muted">
            {hasNickname(method) ? `${method.originalName} · ` : ''}
            {maskedNumber(method.paymentMethodNumber)}
          </p>
        </div>
        <div className="funding-form__actions">
          {hasNickname(method) ? (
            <Button variant="secondary" onClick={() => dispatch(nicknameRemovalRequested())}>
              Remove
            </Button>
          ) : null}
          <Button onClick={() => dispatch(nicknameEditStarted())}>Edit nickname</Button>
        </div>
      </div>
    );
  }

  return (
    <Modal open title={NICKNAME_TEXT.title} onClose={close}>
      {content}
    </Modal>
  );
}
