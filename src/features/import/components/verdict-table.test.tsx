import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { importVerdicts, verdictCounts, type ImportRow } from '#contract/import';
import { VerdictTable } from './verdict-table.tsx';

/** 250 rows: every tenth has no email (not valid), the others new. */
const rows: ImportRow[] = Array.from({ length: 250 }, (_, index) => ({
  firstName: `First ${index + 1}`,
  lastName: 'Last',
  email: index % 10 === 9 ? '' : `row${index + 1}@example.com`,
  registrationDateTime: '2024-05-01T10:30',
}));
const verdicts = importVerdicts(rows, () => undefined, '2024-06-01T09:00:00.000Z');

const table = () => screen.getByRole('table', { name: 'The file’s rows and what the import does with each' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);

describe('VerdictTable', () => {
  it('shows the counts, then the rows a hundred at a time', async () => {
    const user = userEvent.setup();
    render(<VerdictTable rows={rows} verdicts={verdicts} counts={verdictCounts(verdicts)} />);

    expect(
      within(screen.getByRole('list', { name: 'Rows by verdict' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['New: 225', 'Already a client: 0', 'Twice in this file: 0', 'Not valid: 25']);
    expect(bodyRows()).toHaveLength(100);
    expect(screen.getByText('Rows 1–100 of 250')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous rows' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next rows' }));
    await user.click(screen.getByRole('button', { name: 'Next rows' }));
    expect(screen.getByText('Rows 201–250 of 250')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(50);
    expect(
      within(bodyRows()[0] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['201', 'First 201', 'Last', 'row201@example.com', '2024-05-01T10:30', 'New']);
    expect(screen.getByRole('button', { name: 'Next rows' })).toBeDisabled();
  });

  it('filters by verdict from the first page, and says when no row has it', async () => {
    const user = userEvent.setup();
    render(<VerdictTable rows={rows} verdicts={verdicts} counts={verdictCounts(verdicts)} />);
    await user.click(screen.getByRole('button', { name: 'Next rows' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Not valid (25)');
    expect(bodyRows()).toHaveLength(25);
    expect(bodyRows().every((row) => row.textContent?.endsWith('Not valid: Email is required'))).toBe(true);
    expect(screen.queryByRole('navigation', { name: 'Pages of rows' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Twice in this file (0)');
    expect(within(table()).getByRole('cell', { name: 'No rows with this verdict.' })).toHaveAttribute('colspan', '6');
  });
});
