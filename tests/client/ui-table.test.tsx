// The shared table and titled card: a table is named and its headers carry a scope; a wide one scrolls in a named
// region; a titled card with a title id is a region named by its heading.
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { SectionCard, Table, TableBody, TableCell, TableEmpty, TableHead, TableRow, TableRowHeader } from '../../src/client/components/ui';

describe('Table', () => {
  it('is named by its caption, with column and row headers', () => {
    render(
      <Table caption="Members">
        <TableHead columns={['Member', { label: 'Actions', srOnly: true }]} />
        <TableBody>
          <TableRow>
            <TableRowHeader>Ada</TableRowHeader>
            <TableCell>Remove</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    const table = screen.getByRole('table', { name: 'Members' });
    expect(within(table).getByRole('columnheader', { name: 'Member' }).getAttribute('scope')).toBe('col');
    expect(within(table).getByRole('columnheader', { name: 'Actions' }).querySelector('.sr-only')).not.toBeNull();
    expect(within(table).getByRole('rowheader', { name: 'Ada' }).getAttribute('scope')).toBe('row');
  });

  it('scrolls in a named region and says when it is empty', () => {
    render(
      <Table aria-label="Sessions" scroll="Sessions table">
        <TableHead columns={['Account', 'Started']} />
        <TableBody>
          <TableEmpty colSpan={2}>No open sessions.</TableEmpty>
        </TableBody>
      </Table>,
    );
    const region = screen.getByRole('region', { name: 'Sessions table' });
    expect(within(region).getByRole('table', { name: 'Sessions' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'No open sessions.' }).getAttribute('colspan')).toBe('2');
  });
});

describe('SectionCard', () => {
  it('is a region named by its title when given a title id', () => {
    render(
      <SectionCard title="Published to platforms" titleId="pubs" description="Newest first." action={<span>3</span>}>
        <p>Body</p>
      </SectionCard>,
    );
    const region = screen.getByRole('region', { name: 'Published to platforms' });
    expect(within(region).getByRole('heading', { level: 2, name: 'Published to platforms' })).toBeTruthy();
    expect(within(region).getByText('Newest first.')).toBeTruthy();
    expect(within(region).getByText('Body')).toBeTruthy();
  });

  it('is no region without a title id', () => {
    render(<SectionCard title="Profile">x</SectionCard>);
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeTruthy();
  });
});
