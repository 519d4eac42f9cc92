import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table.tsx';

describe('DataTable', () => {
  it('gives the shared look at the density asked for, to the table and its message cell', () => {
    render(<DataTable className="staff-table" density="roomy" caption="The staff" columns={['Username']} actions message="Loading…" />);

    const table = screen.getByRole('table', { name: 'The staff' });
    expect(table).toHaveClass('data-table', 'data-table--roomy', 'staff-table');
    expect(screen.getByRole('cell', { name: 'Loading…' })).toHaveClass('data-table__empty', 'staff-table__empty');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Username', 'Actions']);
    expect(screen.getByRole('cell', { name: 'Loading…' })).toHaveAttribute('colspan', '2');
  });

  it('leaves a table without a density to its own class, and without a caption', () => {
    render(
      <DataTable className="clients-table" columns={['Name']}>
        <tr>
          <td>Nina Petrova</td>
        </tr>
      </DataTable>,
    );

    const table = screen.getByRole('table');
    expect(table).toHaveAttribute('class', 'clients-table');
    expect(table).not.toHaveAccessibleName();
    expect(screen.getByRole('cell', { name: 'Nina Petrova' })).toBeInTheDocument();
  });

  it('folds into cards on a phone when asked, and names its box, a region a keyboard can scroll, when it scrolls instead', () => {
    render(
      <>
        <DataTable className="staff-table" density="roomy" cards columns={['Username']} />
        <DataTable className="audit-table" density="compact" scrollLabel="Audit trail entries" columns={['When']} />
      </>,
    );

    const [cards, scrolling] = screen.getAllByRole('table');
    expect(cards).toHaveClass('data-table--cards');
    expect(scrolling).not.toHaveClass('data-table--cards');
    // The scrolling one's box alone is a region, in the tab order.
    const box = screen.getByRole('region');
    expect(box).toHaveAccessibleName('Audit trail entries');
    expect(box).toHaveAttribute('tabindex', '0');
    expect(within(box).getByRole('table')).toBe(scrolling);
  });
});
