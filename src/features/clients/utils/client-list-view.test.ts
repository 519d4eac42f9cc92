import { describe, expect, it } from 'vitest';
import type { Client } from '#contract/api';
import { createClientListView, searchWords } from './client-list-view.ts';

let nextId = 0;
const client = (firstName: string, lastName: string, email: string, registrationDateTime = '2024-01-01T10:00:00.000Z'): Client => ({
  _id: `c${(nextId += 1)}`,
  firstName,
  lastName,
  email,
  registrationDateTime,
});

// In registration order, as the list query gives them.
const lucia = client('Lucía', 'Silva', 'Lucia.Silva@example.com', '2023-01-01T09:00:00.000Z');
const ana = client('Ana', 'Silva', 'ana@example.com', '2023-02-01T09:00:00.000Z');
const emile = client('Émile', 'Zola', 'EMILE@example.org', '2023-03-01T09:00:00.000Z');
const anaToo = client('Ana', 'Costa', 'ana.costa@example.com', '2023-04-01T09:00:00.000Z');
const zoe = client('zoë', 'Adams', 'zoe@example.net', '2022-12-31T23:59:00.000+01:00');
const clients = [lucia, ana, emile, anaToo, zoe];
const names = (list: readonly Client[]) => list.map((c) => `${c.firstName} ${c.lastName}`);

describe('search', () => {
  it('folds case and accents', () => {
    expect(searchWords('Lucía ÉMILE Zoë')).toEqual(['lucia', 'emile', 'zoe']);
    expect(searchWords('  Ana   SILVA ')).toEqual(['ana', 'silva']);
  });

  it('finds by first name, last name or email, whatever the case and accents', () => {
    const { view } = createClientListView(clients);
    expect(names(view({ q: 'lucia' }))).toEqual(['Lucía Silva']);
    expect(names(view({ q: 'LUCÍA' }))).toEqual(['Lucía Silva']);
    expect(names(view({ q: 'emile' }))).toEqual(['Émile Zola']);
    expect(names(view({ q: 'example.org' }))).toEqual(['Émile Zola']);
    expect(names(view({ q: 'silva' }))).toEqual(['Lucía Silva', 'Ana Silva']);
  });

  it('narrows with each word, in any order, across fields', () => {
    const { view } = createClientListView(clients);
    expect(names(view({ q: 'ana' }))).toEqual(['Ana Silva', 'Ana Costa']);
    expect(names(view({ q: 'ana silva' }))).toEqual(['Ana Silva']);
    expect(names(view({ q: 'silva ana' }))).toEqual(['Ana Silva']);
    expect(names(view({ q: 'ana nobody' }))).toEqual([]);
  });

  it('gives the list itself when nothing is typed, so nothing re-renders for nothing', () => {
    const { view } = createClientListView(clients);
    expect(view({})).toBe(clients);
    expect(view({ q: '   ' })).toBe(clients);
  });
});

describe('sort', () => {
  it('orders names by the browser collation, accents next to their letter', () => {
    const { view } = createClientListView(clients);
    expect(names(view({ sort: 'firstName' }))).toEqual(['Ana Silva', 'Ana Costa', 'Émile Zola', 'Lucía Silva', 'zoë Adams']);
    expect(names(view({ sort: 'lastName', dir: 'asc' }))).toEqual(['zoë Adams', 'Ana Costa', 'Lucía Silva', 'Ana Silva', 'Émile Zola']);
  });

  it('reverses with desc, ties still in registration order', () => {
    const { view } = createClientListView(clients);
    expect(names(view({ sort: 'firstName', dir: 'desc' }))).toEqual(['zoë Adams', 'Lucía Silva', 'Émile Zola', 'Ana Silva', 'Ana Costa']);
    expect(names(view({ sort: 'lastName', dir: 'desc' }))).toEqual(['Émile Zola', 'Lucía Silva', 'Ana Silva', 'Ana Costa', 'zoë Adams']);
  });

  it('compares emails without regard to case', () => {
    const { view } = createClientListView(clients);
    expect(view({ sort: 'email' }).map((c) => c.email)).toEqual([
      'ana.costa@example.com',
      'ana@example.com',
      'EMILE@example.org',
      'Lucia.Silva@example.com',
      'zoe@example.net',
    ]);
  });

  it('compares registration times as instants, offsets included', () => {
    const { view } = createClientListView(clients);
    // 2022-12-31T23:59+01:00 is 22:59 UTC: the earliest of all.
    expect(names(view({ sort: 'registrationDateTime' }))[0]).toBe('zoë Adams');
    expect(names(view({ sort: 'registrationDateTime', dir: 'desc' }))).toEqual([
      'Ana Costa',
      'Émile Zola',
      'Ana Silva',
      'Lucía Silva',
      'zoë Adams',
    ]);
  });

  it('searches within the sorted order', () => {
    const { view } = createClientListView(clients);
    expect(names(view({ q: 'silva', sort: 'firstName' }))).toEqual(['Ana Silva', 'Lucía Silva']);
    expect(names(view({ q: 'silva', sort: 'firstName', dir: 'desc' }))).toEqual(['Lucía Silva', 'Ana Silva']);
  });
});

describe('prepared search', () => {
  it('gives the same views whether it was prepared ahead, in steps, or not at all', async () => {
    const many = Array.from({ length: 4_500 }, (_, index) =>
      client(index % 3 ? 'Ana' : 'Lucía', `Family${index}`, `c${index}@example.com`),
    );
    const prepared = createClientListView(many);
    const stop = prepared.prepareSearch();
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop();
    const cold = createClientListView(many);
    for (const q of ['lucia', 'family12', 'ana family4499', 'nobody']) {
      expect(prepared.view({ q })).toEqual(cold.view({ q }));
    }
    expect(prepared.view({ q: 'lucia' })).toHaveLength(1_500);
  });
});
