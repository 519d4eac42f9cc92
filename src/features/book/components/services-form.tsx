import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { SERVICE_DURATION, type Service, type ServiceFields } from '#contract/book';
import { ActionFailure } from '../../../components/action-failure.tsx';
import { isApiError } from '../../../lib/api-errors.ts';
import { fieldOfRule, serviceFormSchema, serviceFormValues, type ServiceFormValues } from '../utils/service-form.ts';
import { SetupField } from './setup-field.tsx';

type ServiceFormProps = {
  /** The salon's currency: the price is typed in it. */
  currency: string;
  /** The service being edited; none for "Add a service". */
  service?: Service;
  /** The form's name for screen readers: "Edit Hair colour". */
  label?: string;
  submitLabel: string;
  /** Whose failure begins "Could not add the service". */
  failed: string;
  save: UseMutationResult<Service, Error, ServiceFields>;
  onSaved: (service: Service) => void;
  onCancel?: () => void;
};

/**
 * A service's name, duration and price, checked with the contract's rules. A refusal of the server keeps what was
 * typed and is said by its field (the duration's or the price's rule) or under the button.
 */
export function ServiceForm({ currency, service, label, submitLabel, failed, save, onSaved, onCancel }: ServiceFormProps) {
  const { register, handleSubmit, setError, reset, formState } = useForm<ServiceFormValues, unknown, ServiceFields>({
    defaultValues: serviceFormValues(service, currency),
    resolver: zodResolver(serviceFormSchema(currency)),
  });
  const { errors } = formState;
  const ruleBroken = isApiError(save.error) && fieldOfRule(save.error.message) !== undefined;
  const submit = handleSubmit((fields) => {
    save.reset();
    save.mutate(fields, {
      onSuccess: (saved) => {
        // "Add a service" is ready for the next one; an edit's form closes.
        if (service === undefined) reset(serviceFormValues(undefined, currency));
        onSaved(saved);
      },
      onError: (error) => {
        const field = isApiError(error) ? fieldOfRule(error.message) : undefined;
        if (field) setError(field, { message: error.message }, { shouldFocus: true });
      },
    });
  });

  return (
    <form className="form service-form" aria-label={label} onSubmit={(event) => void submit(event)} noValidate>
      <SetupField
        label="Service name"
        type="text"
        error={errors.name?.message}
        input={register('name')}
        autoFocus={service !== undefined}
      />
      <div className="service-form__row">
        <SetupField
          label="Duration (minutes)"
          type="number"
          inputMode="numeric"
          min={SERVICE_DURATION.min}
          max={SERVICE_DURATION.max}
          step={SERVICE_DURATION.step}
          hint="5 to 480, in steps of 5"
          error={errors.durationMinutes?.message}
          input={register('durationMinutes')}
        />
        <SetupField
          label="Price"
          type="text"
          inputMode="decimal"
          hint={`Optional, in ${currency}`}
          error={errors.price?.message}
          input={register('price')}
        />
      </div>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
      <ActionFailure error={ruleBroken ? null : save.error} failed={failed} serverSays={isApiError} />
    </form>
  );
}
