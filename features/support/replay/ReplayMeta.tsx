import { PERSIST_VERSION } from '../../../store/persistence';
import type { LoadedReplay } from './loadReplay';

/** What the file is: its name, when and from which version it was exported, the viewport and the action count. */
export function ReplayMeta({ replay, viewport }: { replay: LoadedReplay; viewport: { width: number; height: number } }) {
  return (
    <dl className="ff-replay__meta">
      <div>
        <dt>File</dt>
        <dd>{replay.fileName}</dd>
      </div>
      <div>
        <dt>Exported</dt>
        <dd>{replay.meta.exportedAt}</dd>
      </div>
      <div>
        <dt>App version</dt>
        <dd>
          {replay.meta.appVersion} (state version {replay.meta.schemaVersion}
          {replay.meta.schemaVersion < PERSIST_VERSION ? `, migrated to ${PERSIST_VERSION}` : ''})
        </dd>
      </div>
      <div>
        <dt>Viewport</dt>
        <dd>
          {viewport.width} × {viewport.height}
        </dd>
      </div>
      <div>
        <dt>Actions</dt>
        <dd>
          {replay.actions.length}
          {replay.meta.actionsLeftOut > 0 ? ` (${replay.meta.actionsLeftOut} earlier ones not in the file)` : ''}
        </dd>
      </div>
    </dl>
  );
}
