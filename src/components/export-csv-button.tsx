/** "Export CSV" (an owner's: the client list's, the audit trail's), not pressed again while its file is being made. */
export function ExportCsvButton({ className, pending, onExport }: { className: string; pending: boolean; onExport: () => void }) {
  return (
    <button type="button" className={`button ${className}`} disabled={pending} onClick={onExport}>
      Export CSV
    </button>
  );
}
