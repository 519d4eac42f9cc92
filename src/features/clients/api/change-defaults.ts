import type { QueryClient } from '@tanstack/react-query';
import { createChange } from './create-client.ts';
import { deleteChange } from './delete-client.ts';
import { updateChange } from './update-client.ts';

/**
 * Every change's options by its key, as the query client's mutation defaults: a waiting change put back from the disk
 * (lib/waiting-changes/kept-on-disk.ts) needs its function and what it does after.
 */
export function registerChangeDefaults(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(createChange.mutationKey, createChange);
  queryClient.setMutationDefaults(updateChange.mutationKey, updateChange);
  queryClient.setMutationDefaults(deleteChange.mutationKey, deleteChange);
}
