import type { Service } from '#contract/book';
import { RemoveAsking } from '../../../components/remove-asking.tsx';
import { useRemoveService } from '../api/services.ts';

/** A service's "Remove": it asks Yes / No first; a removed service is no longer offered and stays on its appointments. */
export function RemoveService({ service, onRemoved }: { service: Service; onRemoved: () => void }) {
  const remove = useRemoveService(service.id);
  return (
    <RemoveAsking
      name={service.name}
      question={`Remove ${service.name}? It is no longer offered, and stays on the appointments that name it.`}
      removal={remove}
      onConfirm={() =>
        // Awaited, not mutate's callback: the row is gone (unmounted) once the list is asked again.
        void remove.mutateAsync().then(
          onRemoved,
          // A failure is said here (remove.error).
          () => undefined,
        )
      }
    />
  );
}
