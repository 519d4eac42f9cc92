/**
 * The edit page's states and what moves it between them, as a pure reducer (issue 27): one place that says how a
 * conflict comes and goes, whether from this page's own save (a 412), a colleague's change seen live, or a change that
 * waited on this device and met a colleague's on its way ("Needs your decision", docs/offline.md).
 *
 * | state                  | what the page shows                                                         |
 * |------------------------|-----------------------------------------------------------------------------|
 * | editing                | the form (with "Updated by … just now." after a colleague's change)         |
 * | saving                 | the form, Update pending (a conflict view, if any, stays while it resolves) |
 * | saved                  | "Client updated successfully!"                                              |
 * | waiting-on-this-device | "Saved on this device. It will be sent when the connection returns."        |
 * | changed-meanwhile      | the conflict view: "Keep my changes", "Use their version"                   |
 * | deleted-meanwhile      | the conflict view: "Restore and save my changes"                            |
 * | delete-asking-again    | "This client was changed by … since you opened it. Delete anyway?"          |
 */
import type { ClientEvent, ClientInputBody } from '#contract/api';
import type { VersionedClient } from '../api/client-queries.ts';
import type { Conflict } from '../api/conflict.ts';

/** What a fresh form opens with: a waiting change's opened values and what was typed over them (else the client's). */
type FormSeed = { revision: number; opened?: ClientInputBody; typed?: ClientInputBody };

type Shared = {
  /** What the form was opened at (or last replaced with): a refetch does not move it. */
  base?: VersionedClient;
  /** The form holds changes not saved: a colleague's change is then a conflict, not new values. */
  edited: boolean;
  /** "Updated by … just now.", "… deleted this client.": shown while editing. */
  liveNote?: string;
  /** A new revision is a fresh form (its defaults are read once). */
  form: FormSeed;
  /** A new round is a fresh Delete button (the second question takes the first one's place). */
  deleteRound: number;
  /** The waiting change whose decision this page has taken up. */
  decisionId?: number;
};

type Phase =
  | { name: 'editing' }
  | { name: 'saving'; conflict?: Conflict }
  | { name: 'saved' }
  | { name: 'waiting-on-this-device' }
  | { name: 'changed-meanwhile'; conflict: Conflict }
  | { name: 'deleted-meanwhile'; conflict: Conflict }
  | { name: 'delete-asking-again'; deleteConflict: Conflict; conflict?: Conflict };

export type EditState = Shared & Phase;

/** A change that waited on this device and met a colleague's (a 412), now to be decided here. */
export type WaitingDecision =
  | { id: number; kind: 'update'; conflict?: Conflict; opened?: ClientInputBody; typed: ClientInputBody }
  | { id: number; kind: 'delete'; conflict?: Conflict };

export type EditEvent =
  /** The form became edited, or not. */
  | { type: 'edited'; edited: boolean }
  /** A colleague's change to this client reached the cache (live updates). */
  | { type: 'change-arrived'; change: ClientEvent }
  | { type: 'save' }
  /** "Restore and save my changes": the client is back, at this version; the save goes on over it. */
  | { type: 'restored'; version: number | null }
  /** The server has the save, or it waits on this device. */
  | { type: 'save-settled'; result: 'sent' | 'waiting' }
  /** Refused: with a conflict (a 412), or for another reason (the form stays as typed). */
  | { type: 'save-failed'; conflict?: Conflict }
  /** The save that waited on this device reached the server. */
  | { type: 'waiting-sent' }
  /** The save that waited on this device was refused (a 412 comes as a decision too). */
  | { type: 'waiting-refused' }
  | { type: 'decision-needed'; decision: WaitingDecision }
  | { type: 'use-theirs' }
  /** The delete met a colleague's change (a 412 with the client): it asks again. */
  | { type: 'delete-refused'; conflict: Conflict }
  /** No to the second question. */
  | { type: 'delete-cancelled' };

/** A conflict's state: changed or deleted meanwhile; editing when there is none. */
function withConflict(shared: Shared, conflict: Conflict | undefined): EditState {
  if (!conflict) return { ...shared, name: 'editing' };
  return { ...shared, name: conflict.client ? 'changed-meanwhile' : 'deleted-meanwhile', conflict };
}

function sharedOf(state: EditState): Shared {
  const { base, edited, liveNote, form, deleteRound, decisionId } = state;
  return { base, edited, liveNote, form, deleteRound, decisionId };
}

/** The conflict the page shows or resolves now, if any. */
export function shownConflict(state: EditState): Conflict | undefined {
  return 'conflict' in state ? state.conflict : undefined;
}

/** The page as it opens: on the client, or on an update still waiting on this device (its values, its version). */
export function initialEditState(
  opened: VersionedClient | undefined,
  waitingUpdate?: { input: ClientInputBody; version: number | null },
): EditState {
  const base = opened && waitingUpdate ? { client: { ...opened.client, ...waitingUpdate.input }, version: waitingUpdate.version } : opened;
  return { name: 'editing', base, edited: false, form: { revision: 0 }, deleteRound: 0 };
}

/** A colleague's change seen live (issue 19): an untouched form takes it; an edited one shows the conflict at once. */
function changeArrived(state: EditState, change: ClientEvent): EditState {
  const known = shownConflict(state)?.version ?? state.base?.version;
  if (!state.base || (known !== null && known !== undefined && change.version <= known)) return state;
  if (state.edited) {
    const conflict = { client: change.client, version: change.version, kind: change.kind, changedBy: change.by, changedAt: change.at };
    const shared = { ...sharedOf(state), liveNote: undefined };
    if (state.name === 'delete-asking-again') return { ...state, ...shared, conflict };
    return withConflict(shared, conflict);
  }
  if (change.client) {
    const form = { ...state.form, revision: state.form.revision + 1 };
    return { ...state, base: { client: change.client, version: change.version }, form, liveNote: `Updated by ${change.by} just now.` };
  }
  return { ...state, liveNote: change.kind === 'erased' ? `${change.by} erased this client.` : `${change.by} deleted this client.` };
}

function decisionNeeded(state: EditState, decision: WaitingDecision): EditState {
  const shared = { ...sharedOf(state), decisionId: decision.id };
  if (decision.kind === 'update') {
    const form = { revision: state.form.revision + 1, opened: decision.opened, typed: decision.typed };
    return withConflict({ ...shared, form }, decision.conflict);
  }
  // A deletion whose client is gone is done (lib/waiting-changes/kept-on-disk.ts drops it); one that met a change asks again.
  if (!decision.conflict?.client) return { ...state, ...shared };
  return { ...shared, name: 'delete-asking-again', deleteConflict: decision.conflict, conflict: shownConflict(state) };
}

export function editClientReducer(state: EditState, event: EditEvent): EditState {
  switch (event.type) {
    case 'edited':
      return state.edited === event.edited ? state : { ...state, edited: event.edited };
    case 'change-arrived':
      // While saving, the stream also brings this page's own writes (the restore before a save): not news, and a
      // colleague's change meanwhile comes back as the save's 412 anyway. Saved or waiting, the form is gone.
      if (state.name === 'saving' || state.name === 'saved' || state.name === 'waiting-on-this-device') return state;
      return changeArrived(state, event.change);
    case 'save':
      return { ...sharedOf(state), name: 'saving', conflict: shownConflict(state) };
    case 'restored':
      // Known from here on: its event, however late, is this page's own.
      if (state.name !== 'saving' || !state.conflict || event.version === null) return state;
      return { ...state, conflict: { ...state.conflict, version: event.version } };
    case 'save-settled': {
      const shared = { ...sharedOf(state), form: { revision: state.form.revision } };
      return { ...shared, name: event.result === 'sent' ? 'saved' : 'waiting-on-this-device' };
    }
    case 'save-failed':
      if (state.name !== 'saving') return state;
      return withConflict(sharedOf(state), event.conflict ?? state.conflict);
    case 'waiting-sent':
      return state.name === 'waiting-on-this-device' ? { ...sharedOf(state), name: 'saved' } : state;
    case 'waiting-refused':
      return state.name === 'waiting-on-this-device' ? { ...sharedOf(state), name: 'editing' } : state;
    case 'decision-needed':
      return state.decisionId === event.decision.id ? state : decisionNeeded(state, event.decision);
    case 'use-theirs': {
      if (state.name !== 'changed-meanwhile' || !state.conflict.client) return state;
      const base = { client: state.conflict.client, version: state.conflict.version };
      return { ...sharedOf(state), name: 'editing', base, form: { revision: state.form.revision + 1 } };
    }
    case 'delete-refused': {
      const shared = { ...sharedOf(state), deleteRound: state.deleteRound + 1 };
      return { ...shared, name: 'delete-asking-again', deleteConflict: event.conflict, conflict: shownConflict(state) };
    }
    case 'delete-cancelled':
      return state.name === 'delete-asking-again' ? withConflict(sharedOf(state), state.conflict) : state;
  }
}
