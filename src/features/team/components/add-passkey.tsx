import { useState } from 'react';
import { PasskeyForm } from './passkey-form.tsx';

type AddPasskeyProps = {
  onAdded: (name: string) => void;
  /** Called as the adding starts: what the section said before goes. */
  onStart: () => void;
};

/** "Add a passkey": the button, then in its place the form that names the passkey and makes it. */
export function AddPasskey({ onAdded, onStart }: AddPasskeyProps) {
  const [open, setOpen] = useState(false);
  if (open) return <PasskeyForm onStart={onStart} onAdded={onAdded} onClose={() => setOpen(false)} />;
  return (
    <div className="form__actions">
      <button
        type="button"
        className="button"
        onClick={() => {
          onStart();
          setOpen(true);
        }}
      >
        Add a passkey
      </button>
    </div>
  );
}
