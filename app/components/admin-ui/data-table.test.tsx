import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type Column, DataTable, type ExtraRow } from './list';

interface Line {
  name: string;
  amount: number;
}

const COLUMNS: Column<Line>[] = [
  { key: 'name', label: 'Name', rowHeader: true, render: (l) => l.name },
  { key: 'note', label: 'Note', render: () => '' },
  { key: 'amount', label: 'Amount', cellTestId: 'amount', render: (l) => String(l.amount) },
];

const OPENING: ExtraRow = { key: 'opening', className: 'opening', cells: [{ content: 'Opening', span: 2 }, { content: '0' }] };
const TOTAL: ExtraRow = {
  key: 'total',
  className: 'total',
  attributes: { 'data-testid': 'total' },
  cells: [
    { content: 'Total', rowHeader: true, span: 2 },
    { content: '5', testId: 'sum' },
  ],
};

const render = (rows: Line[], extra: { lead?: ExtraRow[]; foot?: ExtraRow[] } = {}) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <DataTable look="flat" caption="Lines" columns={COLUMNS} rows={rows} rowKey={(l, i) => `${l.name}-${i}`} empty="No lines." {...extra} />
    </MemoryRouter>,
  );
const section = (html: string, tag: string) => new RegExp(`<${tag}[^>]*>(.*)</${tag}>`).exec(html)?.[1] ?? '';

describe('DataTable', () => {
  it("a row-header column's body cells name their rows", () => {
    const body = section(render([{ name: 'Gin', amount: 5 }]), 'tbody');
    expect(body).toMatch(/<th scope="row" class="[^"]*">Gin<\/th><td class="[^"]*"><\/td><td class="[^"]*" data-testid="amount">5<\/td>/);
  });

  it('lead rows open the body, before the rows, with the look and their own classes; spans as they say', () => {
    const body = section(render([{ name: 'Gin', amount: 5 }], { lead: [OPENING] }), 'tbody');
    expect(body.indexOf('Opening')).toBeLessThan(body.indexOf('Gin'));
    expect(body).toMatch(
      /<tr class="border-b border-stone-100 last:border-0 opening"><td colSpan="2" class="[^"]*">Opening<\/td><td class="[^"]*">0<\/td><\/tr>/i,
    );
  });

  it('an empty list with lead rows shows them, not the empty sentence', () => {
    expect(render([], { lead: [OPENING] })).not.toContain('No lines.');
    expect(render([])).toContain('No lines.');
  });

  it('foot rows are the footer: their own classes and attributes only, row headers and spans as they say', () => {
    const html = render([{ name: 'Gin', amount: 5 }], { foot: [TOTAL] });
    expect(section(html, 'tfoot')).toMatch(
      /^<tr class="total" data-testid="total"><th scope="row" colSpan="2" class="[^"]*">Total<\/th><td class="[^"]*" data-testid="sum">5<\/td><\/tr>$/i,
    );
    expect(render([{ name: 'Gin', amount: 5 }])).not.toContain('<tfoot');
  });
});
