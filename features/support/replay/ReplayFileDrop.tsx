import { useId, useState, type ChangeEvent, type DragEvent } from 'react';
import { Spinner } from '../../../ui';

/** The session file's input, which also takes a dropped file; nothing is uploaded. */
export function ReplayFileDrop({ loading, onOpen }: { loading: boolean; onOpen: (file: File | undefined) => void }) {
  const [dragging, setDragging] = useState(false);
  const inputId = useId();

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    onOpen(event.dataTransfer.files[0]);
  };

  return (
    <div
      className={dragging ? 'ff-replay__drop ff-replay__drop--active' : 'ff-replay__drop'}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <label htmlFor={inputId} className="ff-replay__drop-label">
        Session file from the customer (Help → Download session for support)
      </label>
      <input
        id={inputId}
        type="file"
        accept="application/json,.json"
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          onOpen(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <p className="ff-replay__hint">
        Or drop it here. The file stays in this browser: nothing is uploaded, and the replay sends no requests.
      </p>
      {loading ? <Spinner label="Reading the session file" /> : null}
    </div>
  );
}
