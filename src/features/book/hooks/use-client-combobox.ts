import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { Client } from '#contract/api';
import { clientName } from '../../clients/utils/client-notices.ts';

/** How many clients the list offers at once: typing more of the name narrows it. */
const MAX_OPTIONS = 8;

/** The clients whose name or email holds `typed` (any case), in the list's order. */
function matchingClients(clients: readonly Client[], typed: string): Client[] {
  const wanted = typed.trim().toLowerCase();
  const matches: Client[] = [];
  for (const client of clients) {
    if (matches.length === MAX_OPTIONS) break;
    if (`${clientName(client)} ${client.email}`.toLowerCase().includes(wanted)) matches.push(client);
  }
  return matches;
}

/**
 * The "Client" combobox's state (WAI-ARIA's combobox with a list box): what is typed, whether the list is open and
 * which option is active; Up and Down move, Enter chooses, Escape closes. Typing again forgets the choice.
 */
export function useClientCombobox(clients: readonly Client[], chosenId: string, onChoose: (clientId: string) => void) {
  const listboxId = useId();
  const chosen = clients.find((client) => client._id === chosenId);
  const [typed, setTyped] = useState(chosen ? clientName(chosen) : '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const matches = useMemo(() => matchingClients(clients, typed), [clients, typed]);
  const shown = open && matches.length > 0;

  const choose = (client: Client) => {
    onChoose(client._id);
    setTyped(clientName(client));
    setOpen(false);
  };
  const type = (text: string) => {
    setTyped(text);
    setOpen(true);
    setActive(0);
    if (chosenId !== '') onChoose('');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (shown) setActive((index) => Math.min(Math.max(index + step, 0), matches.length - 1));
      else setOpen(true);
    } else if (event.key === 'Enter' && shown && matches[active]) {
      // Enter chooses the client; it does not send the form.
      event.preventDefault();
      choose(matches[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };
  const optionId = (index: number) => `${listboxId}-option-${index}`;
  return { listboxId, typed, shown, matches, active, optionId, choose, type, onKeyDown, close: () => setOpen(false) };
}
