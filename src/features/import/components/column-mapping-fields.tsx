import { useId } from 'react';
import { assignColumn, IMPORT_FIELD_LABELS, type ColumnMapping, type ImportField } from '../utils/column-mapping.ts';

const FIELDS = Object.entries(IMPORT_FIELD_LABELS) as Array<[ImportField, string]>;
const NOT_IMPORTED = '';

type ColumnMappingFieldsProps = {
  headers: readonly string[];
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
};

/** "What each column holds": per column of the file, the client field it fills, or "Not imported". */
export function ColumnMappingFields({ headers, mapping, onChange }: ColumnMappingFieldsProps) {
  const id = useId();
  return (
    <fieldset className="form__fieldset import-preview__mapping">
      <legend>What each column holds</legend>
      {headers.map((header, column) => (
        <div className="form__field" key={column}>
          <label htmlFor={`${id}-${column}`}>{header.trim() === '' ? `Column ${column + 1}` : header}</label>
          <select
            id={`${id}-${column}`}
            value={mapping[column] ?? NOT_IMPORTED}
            onChange={(event) => onChange(assignColumn(mapping, column, (event.target.value || null) as ImportField | null))}
          >
            <option value={NOT_IMPORTED}>Not imported</option>
            {FIELDS.map(([field, label]) => (
              <option key={field} value={field}>
                {label}
              </option>
            ))}
          </select>
        </div>
      ))}
    </fieldset>
  );
}
