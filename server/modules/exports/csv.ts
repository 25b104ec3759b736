// A format's rows as a CSV byte stream, with backpressure end to end: the rows are pulled from their
// keyset batches only as fast as csv-stringify (quoting, CRLF, a BOM so spreadsheets read UTF-8)
// and the destination take them, and a destination that goes away stops the reading.
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { escapeTextCell } from '../../core/csv-cell';
import type { Columns, Row } from './types';

/** One row's cells in column order: text through the formula guard, the export's own numbers as written. */
export function cellsOf<C extends string>(columns: Columns<C>, row: Row<C>): string[] {
  return columns.names.map((c) => (columns.numeric.has(c) ? row[c] : escapeTextCell(row[c])));
}

/** The header, then every row of every batch, one record at a time. */
async function* records<C extends string>(columns: Columns<C>, batches: AsyncIterable<Row<C>[]>): AsyncGenerator<string[]> {
  yield [...columns.names];
  for await (const batch of batches) for (const row of batch) yield cellsOf(columns, row);
}

/** Writes the CSV to `out` (the response); settles when it is written, or with the error that stopped it. */
export function writeCsv<C extends string>(columns: Columns<C>, batches: AsyncIterable<Row<C>[]>, out: Writable): Promise<void> {
  return pipeline(Readable.from(records(columns, batches)), stringify({ bom: true, record_delimiter: 'windows' }), out);
}
