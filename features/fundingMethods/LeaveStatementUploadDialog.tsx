import { useAppDispatch } from '../../store/hooks';
import { Button, Modal } from '../../ui';
import { chosenFiles } from './statementFiles';
import { statementExitCanceled, statementExitConfirmed } from './statementUploadSlice';
import { STATEMENT_TEXT } from './statementUploadText';

/** 'Leave without submitting?': Stay, or Leave and drop the files chosen. */
export function LeaveStatementUploadDialog({ open }: { open: boolean }) {
  const dispatch = useAppDispatch();
  return (
    <Modal
      open={open}
      title={STATEMENT_TEXT.exitTitle}
      onClose={() => dispatch(statementExitCanceled())}
      footer={
        <div className="funding-form__actions">
          <Button variant="secondary" onClick={() => dispatch(statementExitCanceled())}>
            Stay
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              chosenFiles.clear();
              dispatch(statementExitConfirmed());
            }}
          >
            Leave
          </Button>
        </div>
      }
    >
      <p className="funding-text">{STATEMENT_TEXT.exitBody}</p>
    </Modal>
  );
}
