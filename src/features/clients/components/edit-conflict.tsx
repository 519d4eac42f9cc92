import { ChangedMeanwhile } from '../../../components/changed-meanwhile.tsx';
import type { Conflict } from '../api/conflict.ts';
import { BackToClientList } from './back-to-client-list.tsx';

type EditConflictProps = {
  conflict: Conflict;
  /** The form's id: "Keep my changes" and "Restore and save my changes" submit it. */
  formId: string;
  onUseTheirs: () => void;
};

/**
 * What the edit page says when its save met a colleague's change (a 412): what happened, by whom, and the ways on.
 * The form above keeps what was typed.
 */
export function EditConflict({ conflict, formId, onUseTheirs }: EditConflictProps) {
  const backToList = <BackToClientList small />;
  if (conflict.client) {
    return (
      <ChangedMeanwhile
        text={`This client was changed by ${conflict.changedBy} while you were editing.`}
        formId={formId}
        onUseTheirs={onUseTheirs}
      />
    );
  }
  if (conflict.kind === 'deleted') {
    return (
      <div className="form__note conflict" role="alert">
        <p>This client was deleted by {conflict.changedBy} while you were editing.</p>
        <div className="conflict__actions">
          <button type="submit" form={formId} className="button button--primary button--small">
            Restore and save my changes
          </button>
          {backToList}
        </div>
      </div>
    );
  }
  return (
    <div className="form__note conflict" role="alert">
      <p>This client was erased by {conflict.changedBy} while you were editing.</p>
      <div className="conflict__actions">{backToList}</div>
    </div>
  );
}
