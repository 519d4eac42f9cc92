/** The "Add a service" and "Edit" forms' fields as typed, and how they become the API's `ServiceFields`. */
import { z } from 'zod';
import { DURATION_RULE, formatPrice, parsePrice, PRICE_RULE, ServiceFields, type Service } from '#contract/book';

export type ServiceFormValues = { name: string; durationMinutes: string; price: string };

/** Checked with the contract's rules; the price in the salon's currency, none when left empty. */
export const serviceFormSchema = (currency: string) =>
  z.object({
    name: ServiceFields.shape.name,
    // An empty or unreadable number field is no duration: the contract's rule says what to type.
    durationMinutes: z
      .string()
      .transform((text) => Number(text) || 0)
      .pipe(ServiceFields.shape.durationMinutes),
    price: z.string().transform((text, context) => {
      if (text.trim() === '') return null;
      const minor = parsePrice(text, currency);
      if (minor === undefined) context.addIssue({ code: 'custom', message: PRICE_RULE });
      return minor ?? null;
    }),
  });

/** A service's fields as the form shows them ("35.50", with no currency sign); empty for a new one. */
export const serviceFormValues = (service: Service | undefined, currency: string): ServiceFormValues => ({
  name: service?.name ?? '',
  durationMinutes: service ? String(service.durationMinutes) : '',
  price: service?.price == null ? '' : formatPrice(service.price, currency).replace(/[^\d.]/g, ''),
});

/** The field a server's refusal is about, when it is one field's rule; otherwise it is the form's. */
export function fieldOfRule(message: string): keyof ServiceFormValues | undefined {
  if (message === DURATION_RULE) return 'durationMinutes';
  if (message === PRICE_RULE) return 'price';
  return undefined;
}
