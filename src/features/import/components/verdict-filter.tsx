import { useId } from 'react';
import { VERDICT_LABELS, type VerdictKind } from '#contract/import';
import { formatCount } from './import-texts.ts';
import { VERDICT_KINDS } from './verdict-counts.tsx';

export type VerdictFilterValue = VerdictKind | 'all';

type VerdictFilterProps = {
  value: VerdictFilterValue;
  onChange: (filter: VerdictFilterValue) => void;
  /** All the rows, and how many have each verdict: each option says its count. */
  total: number;
  counts: Record<VerdictKind, number>;
};

/** "Show": all rows, or those of one verdict. */
export function VerdictFilter({ value, onChange, total, counts }: VerdictFilterProps) {
  const id = useId();
  return (
    <div className="form__field import-preview__filter">
      <label htmlFor={id}>Show</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as VerdictFilterValue)}>
        <option value="all">All rows ({formatCount(total)})</option>
        {VERDICT_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {VERDICT_LABELS[kind]} ({formatCount(counts[kind])})
          </option>
        ))}
      </select>
    </div>
  );
}
