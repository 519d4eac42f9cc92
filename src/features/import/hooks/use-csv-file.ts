import { useRef, useState } from 'react';
import { readCsvFile, type CsvTable } from '../utils/read-file.ts';

/** The chosen file: none, being read, unreadable (why), or read (`reads` counts them: each read starts a fresh preview). */
export type FileState =
  { name: 'none' } | { name: 'reading' } | { name: 'unreadable'; message: string } | { name: 'read'; table: CsvTable; reads: number };

/**
 * The import's CSV file, read in the browser: `choose` reads the one picked (none when the picking was cancelled);
 * `clear` forgets it once its rows were imported, and empties the file input (its new `inputKey`).
 */
export function useCsvFile() {
  const [file, setFile] = useState<FileState>({ name: 'none' });
  const [inputKey, setInputKey] = useState(0);
  const reads = useRef(0);

  const choose = async (chosen: File | undefined) => {
    if (!chosen) {
      setFile({ name: 'none' });
      return;
    }
    setFile({ name: 'reading' });
    const read = await readCsvFile(chosen);
    reads.current += 1;
    setFile(read.ok ? { name: 'read', table: read.table, reads: reads.current } : { name: 'unreadable', message: read.message });
  };

  const clear = () => {
    setFile({ name: 'none' });
    setInputKey((key) => key + 1);
  };

  return { file, inputKey, choose, clear };
}
