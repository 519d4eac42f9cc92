import { assignColumn, guessMapping, IMPORT_FIELD_LABELS } from './column-mapping.ts';

describe('guessing the columns from the headers', () => {
  it('knows the register form’s own labels', () => {
    expect(guessMapping(['First name', 'Last name', 'Email', 'Registration date and time'])).toEqual([
      'firstName',
      'lastName',
      'email',
      'registrationDateTime',
    ]);
  });

  it('knows the product’s Export CSV headers, so an exported list comes back', () => {
    expect(guessMapping(['First Name', 'Last Name', 'Email', 'Registration Time'])).toEqual([
      'firstName',
      'lastName',
      'email',
      'registrationDateTime',
    ]);
  });

  it.each([
    [
      'Fresha-like',
      ['First Name', 'Last Name', 'Email', 'Mobile Number', 'Added'],
      ['firstName', 'lastName', 'email', null, 'registrationDateTime'],
    ],
    [
      'Square-like',
      ['Given Name', 'Family Name', 'Email Address', 'Phone Number', 'Creation Date'],
      ['firstName', 'lastName', 'email', null, 'registrationDateTime'],
    ],
    ['Timely-like', ['first_name', 'last_name', 'email', 'date_added'], ['firstName', 'lastName', 'email', 'registrationDateTime']],
    [
      'Vagaro-like',
      ['Customer First Name', 'Customer Last Name', 'E-mail', 'Created On'],
      ['firstName', 'lastName', 'email', 'registrationDateTime'],
    ],
    ['Phorest-like', ['FIRST NAME', 'SURNAME', 'EMAIL', 'CLIENT SINCE'], ['firstName', 'lastName', 'email', 'registrationDateTime']],
    [
      'Mindbody-like',
      ['Client ID', 'First name', 'Last name', 'Email', 'Creation date'],
      [null, 'firstName', 'lastName', 'email', 'registrationDateTime'],
    ],
    [
      'a spreadsheet of its own',
      ['Forename', 'Surname', 'E-Mail Address', 'Date Created'],
      ['firstName', 'lastName', 'email', 'registrationDateTime'],
    ],
    [
      'accents, dots and stray marks',
      ['ID', 'first.name', 'Last-Name*', 'e_mail', 'Created_At'],
      [null, 'firstName', 'lastName', 'email', 'registrationDateTime'],
    ],
    ['a French spreadsheet', ['  Prénom ', 'Nom', 'Courriel', 'Date de naissance'], ['firstName', 'lastName', 'email', null]],
    ['a German spreadsheet', ['Vorname', 'Nachname', 'E-Mail'], ['firstName', 'lastName', 'email']],
    ['a Spanish spreadsheet', ['Nombre', 'Apellidos', 'Email'], ['firstName', 'lastName', 'email']],
  ])('knows the salon suites’ client exports: %s', (_file, headers, mapping) => {
    expect(guessMapping(headers)).toEqual(mapping);
  });

  it.each(['Name', 'Full name', 'Client name', 'full_name', 'CUSTOMER NAME'])(
    'takes "%s" as the full name when there is no first or last name column',
    (header) => {
      expect(guessMapping(['ID', header, 'Email Address', 'Client Since'])).toEqual([null, 'fullName', 'email', 'registrationDateTime']);
    },
  );

  it('leaves a name column out when the file has first or last names', () => {
    expect(guessMapping(['Name', 'First name', 'Email'])).toEqual([null, 'firstName', 'email']);
    expect(guessMapping(['Surname', 'Client name', 'Email'])).toEqual(['lastName', null, 'email']);
  });

  it('maps each field to one column at most: the first', () => {
    expect(guessMapping(['Email', 'E-mail', 'First name', 'Given name', 'Created', 'Date added'])).toEqual([
      'email',
      null,
      'firstName',
      null,
      'registrationDateTime',
      null,
    ]);
  });

  it('maps nothing it does not know, and no header to nothing', () => {
    expect(guessMapping(['Phone', 'Notes', '', 'Last visit', 'Birthday'])).toEqual([null, null, null, null, null]);
    expect(guessMapping([])).toEqual([]);
  });
});

describe('changing a column’s field', () => {
  it('takes the field from the column that had it, so that a field still comes from one column', () => {
    const mapping = guessMapping(['First name', 'Last name', 'Email', 'Work email']);
    expect(assignColumn(mapping, 3, 'email')).toEqual(['firstName', 'lastName', null, 'email']);
    expect(assignColumn(mapping, 0, null)).toEqual([null, 'lastName', 'email', null]);
    expect(assignColumn(mapping, 0, 'fullName')).toEqual(['fullName', 'lastName', 'email', null]);
  });

  it('labels every field for the page’s selects', () => {
    expect(IMPORT_FIELD_LABELS).toEqual({
      firstName: 'First name',
      lastName: 'Last name',
      email: 'Email',
      registrationDateTime: 'Registration date and time',
      fullName: 'Full name (first and last)',
    });
  });
});
