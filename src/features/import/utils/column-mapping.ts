/**
 * Which column of the file holds which of a client's fields (issue 29), guessed from the headers and changeable on the
 * page with a select per column: the product's own headers (the register form's labels, and Export CSV's), and those
 * of the salon suites' client exports (Fresha, Square, Timely, Vagaro, Phorest, Mindbody…), in any case and spacing.
 */

export type ImportField = 'firstName' | 'lastName' | 'email' | 'registrationDateTime' | 'fullName';

/** One entry per column of the file, in its order: the field it holds, or null when it is not imported. */
export type ColumnMapping = (ImportField | null)[];

/** The page's selects: each field's name, as the register form labels it. */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  registrationDateTime: 'Registration date and time',
  fullName: 'Full name (first and last)',
};

/** The header names each field is known by, as `headerKey` writes them. */
const KNOWN_HEADERS: Record<ImportField, readonly string[]> = {
  firstName: [
    'first name',
    'firstname',
    'first',
    'given name',
    'given names',
    'forename',
    'fname',
    'client first name',
    'customer first name',
    // A few of Europe's spreadsheets: French, German, Spanish.
    'prenom',
    'vorname',
    'nombre',
  ],
  lastName: [
    'last name',
    'lastname',
    'last',
    'surname',
    'family name',
    'lname',
    'client last name',
    'customer last name',
    'nom',
    'nom de famille',
    'nachname',
    'apellido',
    'apellidos',
  ],
  email: ['email', 'e mail', 'email address', 'e mail address', 'mail', 'client email', 'customer email', 'email addresses', 'courriel'],
  registrationDateTime: [
    'registration date and time',
    'registration date time',
    'registration time',
    'registration date',
    'registered',
    'registered on',
    'registered at',
    'created',
    'created at',
    'created on',
    'created date',
    'creation date',
    'date created',
    'date added',
    'added',
    'added on',
    'client since',
    'customer since',
    'member since',
    'signup date',
    'sign up date',
    'date joined',
    'joined',
  ],
  fullName: ['name', 'full name', 'fullname', 'client name', 'customer name', 'client', 'customer', 'contact name', 'display name'],
};

const FIELD_OF_HEADER = new Map(
  (Object.entries(KNOWN_HEADERS) as [ImportField, readonly string[]][]).flatMap(([field, names]) =>
    names.map((name) => [name, field] as const),
  ),
);

/** A header as compared: no accents, lower case, any run of spaces, underscores, dashes or dots as one space. */
function headerKey(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Each column's field from its header; the first column of a field wins, each field maps to one column at most. A
 * "Name" column is the full name (split in two on import) only when the file has no first or last name column.
 */
export function guessMapping(headers: string[]): ColumnMapping {
  const taken = new Set<ImportField>();
  const mapping = headers.map((header): ImportField | null => {
    const field = FIELD_OF_HEADER.get(headerKey(header));
    if (field === undefined || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
  if (taken.has('firstName') || taken.has('lastName')) return mapping.map((field) => (field === 'fullName' ? null : field));
  return mapping;
}

/** The mapping with `column` set to `field`, taken from whichever column had it: a field comes from one column. */
export function assignColumn(mapping: ColumnMapping, column: number, field: ImportField | null): ColumnMapping {
  return mapping.map((current, index) => (index === column ? field : current === field ? null : current));
}
