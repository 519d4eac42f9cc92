import { describe, expect, it } from 'vitest';
import type { Client, ClientEvent } from '#contract/api';
import type { Conflict } from '../api/conflict.ts';
import { editClientReducer as reduce, initialEditState, shownConflict, type EditEvent, type EditState } from './edit-client-machine.ts';

const client: Client = {
  _id: 'c1',
  firstName: 'Ana',
  lastName: 'Lima',
  email: 'ana@example.com',
  registrationDateTime: '2024-01-02T10:00:00.000Z',
};
const theirClient = { ...client, lastName: 'Novak' };
const changed: Conflict = {
  client: theirClient,
  version: 3,
  kind: 'updated',
  changedBy: 'colleague',
  changedAt: '2024-05-01T10:00:00.000Z',
};
const deleted: Conflict = { client: null, version: 3, kind: 'deleted', changedBy: 'colleague', changedAt: '2024-05-01T10:00:00.000Z' };
const typed = { firstName: 'Anna', lastName: 'Lima', email: 'ana@example.com', registrationDateTime: '2024-01-02T10:00' };

const editing = initialEditState({ client, version: 2 });
const run = (state: EditState, ...events: EditEvent[]) => events.reduce(reduce, state);
const live = (version: number, over: Partial<ClientEvent> = {}): EditEvent => ({
  type: 'change-arrived',
  change: {
    seq: 10,
    clientId: 'c1',
    version,
    kind: 'updated',
    by: 'colleague',
    at: '2024-05-01T10:00:00.000Z',
    client: theirClient,
    ...over,
  },
});
const changedMeanwhile = run(editing, { type: 'save' }, { type: 'save-failed', conflict: changed });
const deletedMeanwhile = run(editing, { type: 'save' }, { type: 'save-failed', conflict: deleted });
const waiting = run(editing, { type: 'save' }, { type: 'save-settled', result: 'waiting' });
const askingAgain = run(editing, { type: 'delete-refused', conflict: changed });

describe('the edit page: opening', () => {
  it('opens editing, at the version it was opened at', () => {
    expect(editing).toMatchObject({ name: 'editing', base: { client, version: 2 }, edited: false });
  });
  it('opens on an update still waiting on this device: its values, its version', () => {
    const state = initialEditState({ client, version: 4 }, { input: typed, version: 2 });
    expect(state.base).toEqual({ client: { ...client, ...typed }, version: 2 });
  });
});

describe('the edit page: its own save', () => {
  it('editing → saving', () => {
    expect(run(editing, { type: 'save' }).name).toBe('saving');
  });
  it('saving → saved when the server has it', () => {
    expect(run(editing, { type: 'save' }, { type: 'save-settled', result: 'sent' }).name).toBe('saved');
  });
  it('saving → waiting on this device when offline', () => {
    expect(waiting.name).toBe('waiting-on-this-device');
  });
  it('saving → changed meanwhile on a 412 with the client', () => {
    expect(changedMeanwhile).toMatchObject({ name: 'changed-meanwhile', conflict: changed });
  });
  it('saving → deleted meanwhile on a 412 without it', () => {
    expect(deletedMeanwhile).toMatchObject({ name: 'deleted-meanwhile', conflict: deleted });
  });
  it('saving → back where it was on another failure (the form keeps what was typed)', () => {
    expect(run(editing, { type: 'save' }, { type: 'save-failed' }).name).toBe('editing');
    expect(run(changedMeanwhile, { type: 'save' }, { type: 'save-failed' })).toMatchObject({
      name: 'changed-meanwhile',
      conflict: changed,
    });
  });
  it('keeps the conflict while "Keep my changes" saves over it', () => {
    expect(shownConflict(run(changedMeanwhile, { type: 'save' }))).toBe(changed);
  });
  it('"Restore and save my changes": the restored version is known, so its live event is not news', () => {
    const state = run(deletedMeanwhile, { type: 'save' }, { type: 'restored', version: 4 });
    expect(shownConflict(state)?.version).toBe(4);
    const failed = run(state, { type: 'save-failed' }, { type: 'edited', edited: true }, live(4));
    expect(failed).toMatchObject({ name: 'deleted-meanwhile', conflict: { version: 4 } });
  });
});

describe('the edit page: a save waiting on this device', () => {
  it('waiting → saved when it reaches the server', () => {
    expect(run(waiting, { type: 'waiting-sent' }).name).toBe('saved');
  });
  it('waiting → editing when it is refused', () => {
    expect(run(waiting, { type: 'waiting-refused' }).name).toBe('editing');
  });
  it('only a waiting save is sent or refused later', () => {
    expect(run(editing, { type: 'waiting-sent' }, { type: 'waiting-refused' })).toBe(editing);
  });
});

describe('the edit page: colleagues seen live', () => {
  it('untouched: the form takes their values, anew, and says so', () => {
    const state = run(editing, live(3));
    expect(state).toMatchObject({ name: 'editing', base: { client: theirClient, version: 3 }, liveNote: 'Updated by colleague just now.' });
    expect(state.form.revision).toBe(editing.form.revision + 1);
  });
  it('untouched, deleted or erased: it says so', () => {
    expect(run(editing, live(3, { kind: 'deleted', client: null })).liveNote).toBe('colleague deleted this client.');
    expect(run(editing, live(3, { kind: 'erased', client: null })).liveNote).toBe('colleague erased this client.');
  });
  it('edited → changed meanwhile at once', () => {
    expect(run(editing, { type: 'edited', edited: true }, live(3))).toMatchObject({
      name: 'changed-meanwhile',
      conflict: { client: theirClient, version: 3, changedBy: 'colleague' },
    });
  });
  it('edited → deleted meanwhile at once', () => {
    expect(run(editing, { type: 'edited', edited: true }, live(3, { kind: 'deleted', client: null })).name).toBe('deleted-meanwhile');
  });
  it('ignores what it knows already, and anything while saving or saved', () => {
    expect(run(editing, live(2))).toBe(editing);
    const saving = run(editing, { type: 'save' });
    expect(run(saving, live(3))).toBe(saving);
    expect(run(waiting, live(3))).toBe(waiting);
  });
  it('ignores everything without a client (its load failed)', () => {
    const empty = initialEditState(undefined);
    expect(run(empty, live(3))).toBe(empty);
  });
});

describe('the edit page: deciding', () => {
  it('changed meanwhile → editing on "Use their version": a fresh form over theirs', () => {
    const state = run(changedMeanwhile, { type: 'use-theirs' });
    expect(state).toMatchObject({ name: 'editing', base: { client: theirClient, version: 3 } });
    expect(state.form.revision).toBe(changedMeanwhile.form.revision + 1);
  });
  it('a waiting update that met a change → changed meanwhile, on its own values', () => {
    const state = run(editing, { type: 'decision-needed', decision: { id: 7, kind: 'update', conflict: changed, opened: typed, typed } });
    expect(state).toMatchObject({ name: 'changed-meanwhile', decisionId: 7, form: { opened: typed, typed } });
  });
  it('a waiting save that met a change on its way → changed meanwhile', () => {
    expect(run(waiting, { type: 'decision-needed', decision: { id: 7, kind: 'update', conflict: changed, typed } }).name).toBe(
      'changed-meanwhile',
    );
  });
  it('a decision is taken up once', () => {
    const state = run(editing, { type: 'decision-needed', decision: { id: 7, kind: 'update', conflict: changed, typed } });
    expect(run(state, { type: 'decision-needed', decision: { id: 7, kind: 'update', conflict: changed, typed } })).toBe(state);
  });
  it('saving clears what the decision opened the form with', () => {
    const state = run(editing, { type: 'decision-needed', decision: { id: 7, kind: 'update', conflict: changed, opened: typed, typed } });
    expect(run(state, { type: 'save' }, { type: 'save-settled', result: 'sent' }).form).toEqual({ revision: state.form.revision });
  });
});

describe('the edit page: the delete asking again', () => {
  it('editing → delete asking again on a 412 with the client, with a fresh Delete button', () => {
    expect(askingAgain).toMatchObject({ name: 'delete-asking-again', deleteConflict: changed, deleteRound: 1 });
  });
  it('a waiting deletion that met a change → delete asking again', () => {
    expect(run(editing, { type: 'decision-needed', decision: { id: 8, kind: 'delete', conflict: changed } }).name).toBe(
      'delete-asking-again',
    );
  });
  it('a waiting deletion whose client is gone asks nothing', () => {
    expect(run(editing, { type: 'decision-needed', decision: { id: 8, kind: 'delete', conflict: deleted } }).name).toBe('editing');
  });
  it('No → back where it was', () => {
    expect(run(askingAgain, { type: 'delete-cancelled' }).name).toBe('editing');
    const fromConflict = run(changedMeanwhile, { type: 'delete-refused', conflict: changed }, { type: 'delete-cancelled' });
    expect(fromConflict).toMatchObject({ name: 'changed-meanwhile', conflict: changed });
  });
  it('an edit seen live meanwhile keeps the question and brings the conflict beside it', () => {
    const state = run(askingAgain, { type: 'edited', edited: true }, live(4));
    expect(state).toMatchObject({ name: 'delete-asking-again', conflict: { version: 4 } });
  });
});

describe('the edit page: the form', () => {
  it('knows whether it holds changes', () => {
    expect(run(editing, { type: 'edited', edited: true }).edited).toBe(true);
    expect(run(editing, { type: 'edited', edited: false })).toBe(editing);
  });
});
