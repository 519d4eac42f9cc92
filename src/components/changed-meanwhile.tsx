type ChangedMeanwhileProps = {
  /** What happened, and by whom: "This client was changed by sam while you were editing." */
  text: string;
  /** The form's id: "Keep my changes" submits it again, over the colleague's change. */
  formId: string;
  onUseTheirs: () => void;
};

/**
 * What a form says when its save met a colleague's change (a 412): the form keeps what was typed, with their values
 * beside it; the user keeps theirs or takes the colleague's. The client's edit page and an appointment's "Move".
 */
export function ChangedMeanwhile({ text, formId, onUseTheirs }: ChangedMeanwhileProps) {
  return (
    <div className="form__note conflict" role="alert">
      <p>{text}</p>
      <div className="conflict__actions">
        <button type="submit" form={formId} className="button button--primary button--small">
          Keep my changes
        </button>
        <button type="button" className="button button--small" onClick={onUseTheirs}>
          Use their version
        </button>
      </div>
    </div>
  );
}
