import { useEffect, useState } from 'react';
import type { ClientFormValues } from '../utils/client-fields.ts';
import { readDraft } from '../utils/form-drafts.ts';

/** Puts back the draft kept for this page, as changes (so leaving asks). True when it did. */
export function useRestoredDraft(
  page: string,
  setValue: (name: keyof ClientFormValues, value: string, options: { shouldDirty: boolean }) => void,
  disabled: boolean,
): boolean {
  const [draft] = useState(() => (disabled ? undefined : readDraft(page)));
  useEffect(() => {
    if (!draft) return;
    for (const [name, value] of Object.entries(draft)) setValue(name as keyof ClientFormValues, value, { shouldDirty: true });
  }, [draft, setValue]);
  return draft !== undefined;
}
