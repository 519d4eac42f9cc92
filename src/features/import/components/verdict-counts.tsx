import { VERDICT_LABELS, type VerdictKind } from '#contract/import';
import { formatCount } from './import-texts.ts';

export const VERDICT_KINDS = Object.keys(VERDICT_LABELS) as VerdictKind[];

/** How many of the file's rows have each verdict: "New: 225". */
export function VerdictCounts({ counts }: { counts: Record<VerdictKind, number> }) {
  return (
    <ul className="import-preview__counts" aria-label="Rows by verdict">
      {VERDICT_KINDS.map((kind) => (
        <li key={kind}>
          {VERDICT_LABELS[kind]}: {formatCount(counts[kind])}
        </li>
      ))}
    </ul>
  );
}
