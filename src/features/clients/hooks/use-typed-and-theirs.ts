import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { FIELD_LABELS, type ClientFormValues } from '../utils/client-fields.ts';

/**
 * Puts the values typed before over those the form opened with (`defaultValues`), as the user's changes, then a
 * colleague's (`theirs`) on the fields not changed here. Returns the values the form opened with.
 */
export function useTypedAndTheirs(
  { setValue, reset }: UseFormReturn<ClientFormValues>,
  defaultValues: ClientFormValues,
  typedBefore: ClientFormValues | undefined,
  theirs: ClientFormValues | undefined,
): ClientFormValues {
  const [opened] = useState(defaultValues);
  // Before `theirs` below: a field typed here keeps what was typed.
  useEffect(() => {
    if (!typedBefore) return;
    for (const [name] of FIELD_LABELS) {
      if (typedBefore[name] !== opened[name]) setValue(name, typedBefore[name], { shouldDirty: true });
    }
  }, [typedBefore, opened, setValue]);
  useEffect(() => {
    if (theirs) reset(theirs, { keepDirtyValues: true });
  }, [theirs, reset]);
  return opened;
}
