import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { passkeysQuery } from '../api/account.ts';
import { AddPasskey } from './add-passkey.tsx';
import { AskAfterPassword } from './ask-after-password.tsx';
import { PasskeyRow } from './passkey-row.tsx';
import { TeamTable } from './team-table.tsx';

const PASSKEY_COLUMNS = ['Name', 'Added', 'Last used'];

/** My account's "Passkeys" (issue 30): add one (a name, then the browser's dialog), remove one, ask for it after the password. */
export function PasskeysSection() {
  const passkeys = useQuery(passkeysQuery());
  const [done, setDone] = useState('');
  const rows = passkeys.data?.passkeys ?? [];
  return (
    <section className="card account-section" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">Passkeys</h2>
      <p className="account-section__intro">
        A passkey signs you in with this device’s fingerprint, face or PIN instead of a password: nothing to type, nothing to steal.
      </p>
      <TeamTable
        columns={PASSKEY_COLUMNS}
        query={passkeys}
        failed="Your passkeys could not be loaded."
        empty={rows.length === 0 ? 'No passkey yet.' : undefined}
      >
        {rows.map((passkey) => (
          <PasskeyRow key={passkey.id} passkey={passkey} onRemoved={() => setDone(`The passkey ${passkey.name} is removed.`)} />
        ))}
      </TeamTable>
      <p className="account-section__result" role="status">
        {done}
      </p>
      {rows.length > 0 && passkeys.data && <AskAfterPassword on={passkeys.data.askAfterPassword} />}
      <AddPasskey onAdded={(name) => setDone(`The passkey ${name} is added.`)} onStart={() => setDone('')} />
    </section>
  );
}
