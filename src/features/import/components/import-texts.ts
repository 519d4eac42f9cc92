import type { ClientNamed, ImportSummary } from '#contract/import';

export const formatCount = (value: number) => value.toLocaleString('en-US');

/** The rows an import wrote: the new clients and the updated ones. */
export const clientsWritten = (summary: ImportSummary) => summary.created + summary.updated;

/** "Imported {n} clients." (issue 29) */
export function importedMessage(summary: ImportSummary): string {
  const written = clientsWritten(summary);
  return `Imported ${formatCount(written)} ${written === 1 ? 'client' : 'clients'}.`;
}

const fullName = ({ firstName, lastName }: ClientNamed) => `${firstName} ${lastName}`;

/** "Import undone.", and the clients it left as they were because they changed since. */
export function undoneMessage(summary: ImportSummary): string {
  const left = summary.undone?.leftAsChanged ?? [];
  return left.length === 0 ? 'Import undone.' : `Import undone. ${leftAsChangedText(left)}`;
}

export function leftAsChangedText(left: readonly ClientNamed[]): string {
  return `Changed since the import, so left as they were: ${left.map(fullName).join(', ')}.`;
}
