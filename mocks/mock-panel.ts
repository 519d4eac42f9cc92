// The mock backend's panel in `npm run dev`: who is logged in (a persona), presets, a delay, all off, a colleague's
// writes, the emails the mock sent, the last 50 calls; its button is the red badge while a scenario is on. Plain DOM
// (docs/decisions/011-mock-panel.md).
import { onCall, recentCalls } from './call-log.ts';
import { colleague } from './colleague.ts';
import { mockDb, type SentEmail } from './db.ts';
import { currentPersona, describePersona, signInAs } from './personas.ts';
import { DEMO_ACCOUNTS } from './seed.ts';
import {
  describeScenario,
  isOn,
  onScenarioChange,
  PRESETS,
  scenarioOff,
  setDelay,
  startScenario,
  stopScenario,
  type Preset,
} from './scenarios.ts';

const BUTTON_STYLE = 'font:inherit;padding:0.25rem 0.6rem;border-radius:0.4rem;border:1px solid currentColor;cursor:pointer';

/** A new element with these properties (textContent, type, id…) and inline style. */
function element<K extends keyof HTMLElementTagNameMap>(tag: K, properties: Record<string, string | boolean> = {}, style = '') {
  const created = document.createElement(tag);
  Object.assign(created, properties);
  if (style) created.style.cssText = style;
  return created;
}

/** The client whose edit page is on screen (`/clients/edit/<id>`), if any. */
function clientOnScreen(): string | undefined {
  const id = /\/clients\/edit\/([^/]+)\/?$/.exec(window.location.pathname)?.[1];
  return id === undefined ? undefined : decodeURIComponent(id);
}

/** Last names the colleague corrects a client's to: always a different one, so that the change shows. */
const NEW_LAST_NAMES = ['Novak', 'Lambert', 'Costa', 'Brennan'];

/** Clients the colleague registers, in turn. */
const NEW_CLIENTS = [
  { firstName: 'Zoe', lastName: 'Quinn' },
  { firstName: 'Marta', lastName: 'Silva' },
  { firstName: 'Ines', lastName: 'Duarte' },
];

/**
 * "Colleague registers a client", "… edits / deletes this client": another staff member's writes, on screen at once
 * (live updates), or a 412 on purpose (with `events-down`, the form's next Update or Delete).
 */
function colleagueControls(): HTMLFieldSetElement {
  const fieldset = element('fieldset', {}, 'margin:0 0 0.5rem;padding:0.5rem;border:1px solid #ccc;display:flex;flex-wrap:wrap;gap:0.5rem');
  fieldset.append(element('legend', { textContent: 'Colleague' }));
  const status = element('output', {}, 'flex-basis:100%');
  status.setAttribute('aria-live', 'polite');
  const button = (textContent: string, run: () => Promise<string>) => {
    const created = element('button', { type: 'button', textContent }, BUTTON_STYLE);
    created.addEventListener('click', () => {
      run().then(
        (text) => (status.textContent = text),
        (error: unknown) => (status.textContent = (error as Error).message),
      );
    });
    return created;
  };
  const act = (textContent: string, write: (clientId: string) => Promise<string>) =>
    button(textContent, async () => {
      const clientId = clientOnScreen();
      return clientId ? write(clientId) : 'Open a client’s edit page first (/clients/edit/…).';
    });
  let registered = 0;
  const registers = button('Colleague registers a client', async () => {
    const name = NEW_CLIENTS[registered++ % NEW_CLIENTS.length] as (typeof NEW_CLIENTS)[number];
    const email = `${name.firstName}.${name.lastName}.${registered}@example.com`.toLowerCase();
    const client = await colleague.create({ ...name, email, registrationDateTime: new Date().toISOString().slice(0, 16) });
    return `Colleague registered ${client.firstName} ${client.lastName}.`;
  });
  const edits = act('Colleague edits this client', async (clientId) => {
    const before = (await mockDb.findClient(clientId))?.lastName;
    const { lastName } = await colleague.update(clientId, { lastName: NEW_LAST_NAMES.find((name) => name !== before) });
    return `Colleague changed the last name from ${before} to ${lastName}.`;
  });
  const deletes = act('Colleague deletes this client', async (clientId) =>
    (await colleague.delete(clientId)) ? 'Colleague deleted this client.' : `No client ${clientId} to delete.`,
  );
  fieldset.append(registers, edits, deletes, status);
  return fieldset;
}

/**
 * "Persona": log in as the owner `admin` or the staff member `sam` (issue 28), so that a tester sees what staff see;
 * the page then reloads (`reload`) and the app starts as that account.
 */
function personaControls(reload: () => void): HTMLFieldSetElement {
  const fieldset = element(
    'fieldset',
    {},
    'margin:0 0 0.5rem;padding:0.5rem;border:1px solid #ccc;display:flex;flex-wrap:wrap;gap:0.75rem',
  );
  fieldset.append(element('legend', { textContent: 'Persona' }));
  // A paragraph, not an <output>: the colleague's result stays the panel's one status.
  const status = element('p', {}, 'flex-basis:100%;margin:0');
  status.setAttribute('aria-live', 'polite');
  const current = currentPersona();
  for (const account of DEMO_ACCOUNTS) {
    const radio = element('input', {
      type: 'radio',
      name: 'salon-mock-persona',
      id: `salon-mock-persona-${account.username}`,
      value: account.username,
      checked: current?.username === account.username,
    });
    radio.addEventListener('change', () => {
      if (!radio.checked) return;
      status.textContent = `Signed in as ${describePersona(signInAs(account.username))}. Reloading…`;
      reload();
    });
    const label = element('label', { htmlFor: radio.id, textContent: ` ${describePersona(account)}` });
    label.prepend(radio);
    fieldset.append(label);
  }
  status.textContent = current ? `Signed in as ${describePersona(current)}.` : 'Nobody is signed in.';
  fieldset.append(status);
  return fieldset;
}

/** The link of an email's text that cancels its appointment, on this page's origin: `/?cancel={token}`. */
function cancelLink(text: string): string | undefined {
  const token = /\/\?cancel=([\w-]+)/.exec(text)?.[1];
  return token === undefined ? undefined : `/?cancel=${token}`;
}

/** One email as a visitor's inbox shows it: subject, recipient, when, the text, and its cancel link to click. */
function emailItem({ to, subject, text, sentAt }: SentEmail): HTMLLIElement {
  const item = element('li', {}, 'padding:0.4rem 0;border-top:1px solid #ccc');
  const when = element('time', { dateTime: sentAt, textContent: new Date(sentAt).toLocaleString() });
  const heading = element('p', {}, 'margin:0');
  heading.append(element('strong', { textContent: subject }), element('br'), `To ${to}, sent `, when);
  item.append(heading, element('pre', { textContent: text }, 'margin:0.3rem 0;white-space:pre-wrap;font:inherit'));
  const href = cancelLink(text);
  if (href) item.append(element('a', { href, textContent: 'Cancel your appointment' }));
  return item;
}

/**
 * "Emails": the emails the mock sent (issue 41), newest first. The mock's SMTP server is this list: an email waiting in
 * the outbox is sent when the open panel lists it (`refresh`: on opening, and after each call while open).
 */
function emailsSection() {
  const section = element('section', {}, 'margin:0 0 0.5rem');
  section.setAttribute('aria-labelledby', 'salon-mock-emails');
  const heading = element('h2', { id: 'salon-mock-emails', textContent: 'Emails' }, 'font-size:inherit;margin:0 0 0.25rem');
  const show = (content: HTMLElement) => section.replaceChildren(heading, content);
  const say = (textContent: string) => element('p', { textContent }, 'margin:0');
  const list = (emails: SentEmail[]) => {
    const created = element('ul', {}, 'list-style:none;margin:0;padding:0');
    created.append(...emails.map(emailItem));
    return created;
  };
  show(say('No emails yet.'));
  let asked = 0;
  const refresh = () => {
    const request = ++asked;
    mockDb.sendEmails().then(
      (emails) => request === asked && show(emails.length > 0 ? list(emails) : say('No emails yet.')),
      (error: unknown) => request === asked && show(say(`The emails could not be read: ${(error as Error).message}`)),
    );
  };
  return { section, refresh };
}

type MockPanelOptions = {
  /** After a persona switch: the page's reload in the browser, so that the app starts as that account. */
  reload?: () => void;
};

export function showMockPanel({ reload = () => window.location.reload() }: MockPanelOptions = {}): void {
  const root = element(
    'div',
    { className: 'salon-mock-panel' },
    'position:fixed;left:4.5rem;bottom:0.75rem;z-index:99999;font:0.85rem/1.4 system-ui,sans-serif;color:#1f1f1f;max-width:calc(100vw - 5.5rem)',
  );
  const toggle = element('button', { type: 'button' }, `${BUTTON_STYLE};font-weight:600`);
  toggle.setAttribute('aria-expanded', 'false');
  toggle.setAttribute('aria-controls', 'salon-mock-panel-body');
  const body = element(
    'section',
    { id: 'salon-mock-panel-body', hidden: true },
    'position:absolute;left:0;bottom:2.5rem;width:min(26rem,calc(100vw - 6rem));max-height:70vh;overflow:auto;padding:0.75rem;border-radius:0.6rem;background:#fff;box-shadow:0 4px 16px rgb(0 0 0/0.3)',
  );
  body.setAttribute('aria-label', 'Mock backend');

  const presets = element(
    'fieldset',
    {},
    'margin:0 0 0.5rem;padding:0.5rem;border:1px solid #ccc;display:grid;grid-template-columns:1fr 1fr;gap:0.2rem',
  );
  presets.append(element('legend', { textContent: 'Scenarios' }));
  const boxes = (Object.keys(PRESETS) as Preset[]).map((name) => {
    const box = element('input', { type: 'checkbox', id: `salon-mock-${name}` });
    box.addEventListener('change', () => (box.checked ? startScenario(name) : stopScenario(name)));
    const label = element('label', { htmlFor: box.id, textContent: ` ${name}` });
    label.prepend(box);
    presets.append(label);
    return { name, box };
  });

  const delayInput = element('input', { type: 'number', min: '0', step: '100', id: 'salon-mock-delay', value: '0' }, 'width:6rem');
  const delayLabel = element('label', { htmlFor: delayInput.id, textContent: 'Delay every call (ms) ' });
  const delayButton = element('button', { type: 'button', textContent: 'Set delay' }, BUTTON_STYLE);
  delayButton.addEventListener('click', () => setDelay(Math.max(0, Number(delayInput.value) || 0)));
  const off = element('button', { type: 'button', textContent: 'Turn all off' }, BUTTON_STYLE);
  off.addEventListener('click', scenarioOff);
  const controls = element('div', {}, 'display:flex;flex-wrap:wrap;gap:0.5rem;align-items:center;margin-bottom:0.5rem');
  controls.append(delayLabel, delayInput, delayButton, off);

  const table = element('table', {}, 'width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums');
  table.append(element('caption', { textContent: 'Last 50 mock calls' }, 'text-align:left;font-weight:600'));
  const head = table.createTHead().insertRow();
  for (const title of ['Method', 'Path', 'Status', 'Time']) {
    const cell = document.createElement('th');
    cell.scope = 'col';
    cell.textContent = title;
    cell.style.textAlign = 'left';
    head.append(cell);
  }
  const rows = table.createTBody();
  const emails = emailsSection();
  body.append(personaControls(reload), presets, controls, colleagueControls(), emails.section, table);
  root.append(body, toggle);

  toggle.addEventListener('click', () => {
    body.hidden = !body.hidden;
    toggle.setAttribute('aria-expanded', String(!body.hidden));
    if (!body.hidden) emails.refresh();
  });

  const showScenario = () => {
    const active = describeScenario();
    toggle.textContent = active.length > 0 ? `Mock scenario: ${active.join(', ')}` : 'Mock backend';
    toggle.style.background = active.length > 0 ? '#7f1d1d' : '#fff';
    toggle.style.color = active.length > 0 ? '#fff' : '#1f1f1f';
    for (const { name, box } of boxes) box.checked = isOn(name);
  };
  const showCalls = () => {
    rows.replaceChildren(
      ...[...recentCalls()].reverse().map((call) => {
        const row = element('tr');
        for (const value of [call.method, call.path, String(call.status), `${call.ms} ms`])
          row.append(element('td', { textContent: value }));
        return row;
      }),
    );
  };
  onScenarioChange(showScenario);
  onCall(showCalls);
  onCall(() => {
    // A panel taken off the page (the tests') sends nothing.
    if (root.isConnected && !body.hidden) emails.refresh();
  });
  showScenario();
  document.body.append(root);
}
