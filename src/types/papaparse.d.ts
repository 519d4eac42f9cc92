/**
 * The part of Papa Parse 5's API that the import reads a file with (src/features/import/utils/read-file.ts). Not
 * @types/papaparse: it starts with `/// <reference types="node" />`, which would give the whole SPA Node's globals
 * (Buffer, process) without an error to say so.
 */
declare module 'papaparse' {
  export type ParseConfig = {
    /** '' guesses it from the first rows, among `delimitersToGuess`. */
    delimiter?: string;
    delimitersToGuess?: string[];
    newline?: string;
    quoteChar?: string;
    /** 'greedy' also skips lines whose fields are all blank. */
    skipEmptyLines?: boolean | 'greedy';
    header?: false;
    worker?: false;
  };

  export type ParseError = {
    type: 'Quotes' | 'Delimiter' | 'FieldMismatch';
    code: 'MissingQuotes' | 'InvalidQuotes' | 'UndetectableDelimiter' | 'TooFewFields' | 'TooManyFields';
    message: string;
    /** The record's index in `data`, when the error is about one. */
    row?: number;
    index?: number;
  };

  export type ParseResult = {
    data: string[][];
    errors: ParseError[];
    meta: { delimiter: string; linebreak: string; aborted: boolean; truncated: boolean; cursor: number };
  };

  const Papa: {
    parse(input: string, config?: ParseConfig): ParseResult;
  };
  export default Papa;
}
