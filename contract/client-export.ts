/**
 * GET /api/clients/:id/export (`client-{id}.json`): everything held about one client (GDPR articles 15 and 20), their
 * appointments included (issue 40). Apart from api.ts, which book.ts imports: the export names the book's shapes.
 */
import { z } from 'zod';
import { type ApiErrorBody, Client, ClientHistory, ClientVersion } from './api.ts';
import { Appointment } from './book.ts';
import type { Answered } from './http.ts';
import { clientNotFound } from './if-match.ts';
import { ClientDetails } from './online-booking.ts';

/** An appointment in a client's export: its day and times in the salon's zone (RFC 3339 with its offset), service, member, status. */
const ExportedAppointment = Appointment.omit({ client: true, version: true });

export const ClientExport = z.object({
  exportedAt: z.iso.datetime({ offset: true }),
  client: Client,
  /** Set when the client is in "Recently deleted". */
  deleted: z.object({ at: z.iso.datetime({ offset: true }), by: z.string() }).nullable(),
  version: ClientVersion,
  history: ClientHistory,
  /** The client's appointments, cancelled ones too: upcoming first (soonest first), then past (newest first). */
  appointments: z.array(ExportedAppointment),
  /** What online bookings keep beside the client (issue 41): the phone and the offers consent, nulls when none. */
  details: ClientDetails,
});
export type ClientExport = z.infer<typeof ClientExport>;

/**
 * GET /api/clients/:id/export's answer: the client as `exported`, their `appointments` (as GET
 * /api/clients/:id/appointments answers them) and `details` (GET /api/clients/:id/details), recorded in the audit
 * trail before the data leaves; 404.
 */
export function clientExportAnswer(
  clientId: string,
  exported: Omit<ClientExport, 'appointments' | 'details'> | undefined,
  { appointments, details }: { appointments: readonly Appointment[] | undefined; details: ClientDetails | undefined },
  actor: string,
): Answered<ClientExport | ApiErrorBody> {
  if (!exported || !appointments || !details) return clientNotFound();
  return {
    status: 200,
    body: {
      ...exported,
      appointments: appointments.map(({ client: _client, version: _version, ...appointment }) => appointment),
      details,
    },
    headers: { 'Content-Disposition': `attachment; filename="client-${clientId}.json"` },
    audit: [{ kind: 'client-exported', actor, subject: clientId }],
  };
}
