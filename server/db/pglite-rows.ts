// The answer to a named statement's call (bind, execute, sync), decoded from PostgreSQL's wire
// bytes into what PGlite's `query` returns. PGlite's own parser copies each field into an ArrayBuffer
// of its own and decodes it with a TextDecoder: on a page of 25 rows of 18 columns that is most of the
// time the database's thread spends outside PostgreSQL. Here each field is one decode of the answer's
// bytes where they are. Only the plain answer is read here — BindComplete, DataRows, CommandComplete,
// ReadyForQuery; anything else (an error, a notice, a notification) is left to PGlite's parser
// (`parseMessages`), so its errors and notifications are exactly PGlite's.
import { type messages, type QueryOptions, type Results, protocol } from '@electric-sql/pglite';

/** The rows' fields as text (null for SQL NULL) and the command tag, or null for an answer this does not read. */
export interface DecodedRows {
  rows: (string | null)[][];
  tag: string | undefined;
}

const BIND_COMPLETE = 0x32; // '2'
const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'
const READY_FOR_QUERY = 0x5a; // 'Z'
const NO_DATA = 0x6e; // 'n'

export function decodeRows(bytes: Uint8Array): DecodedRows | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rows: (string | null)[][] = [];
  let tag: string | undefined;
  let at = 0;
  while (at < buf.length) {
    if (at + 5 > buf.length) return null;
    const type = buf[at] as number;
    const end = at + 1 + buf.readInt32BE(at + 1);
    if (end > buf.length) return null;
    let p = at + 5;
    if (type === DATA_ROW) {
      const count = buf.readInt16BE(p);
      p += 2;
      const row = new Array<string | null>(count);
      for (let i = 0; i < count; i++) {
        const length = buf.readInt32BE(p);
        p += 4;
        if (length < 0) {
          row[i] = null;
        } else {
          row[i] = buf.toString('utf8', p, p + length);
          p += length;
        }
      }
      rows.push(row);
    } else if (type === COMMAND_COMPLETE) {
      if (tag !== undefined) return null;
      tag = buf.toString('utf8', p, end - 1);
    } else if (type !== BIND_COMPLETE && type !== READY_FOR_QUERY && type !== NO_DATA) {
      return null;
    }
    at = end;
  }
  return { rows, tag };
}

/** What PGlite's `parseResults` makes of the same answer: rows by index or by name, each field through its type's parser. */
export function resultOf<T>(
  fields: { name: string; dataTypeID: number }[],
  { rows, tag }: DecodedRows,
  parsers: Record<number, (value: string, type: number) => unknown>,
  rowMode: QueryOptions['rowMode'],
): Results<T> {
  const parserOf = fields.map((f) => parsers[f.dataTypeID]);
  const typeOf = fields.map((f) => f.dataTypeID);
  const value = (text: string | null, i: number) => {
    if (text === null) return null;
    const parse = parserOf[i];
    return parse ? parse(text, typeOf[i] as number) : text;
  };
  const out =
    rowMode === 'array'
      ? rows.map((row) => row.map(value))
      : rows.map((row) => {
          const object: Record<string, unknown> = {};
          row.forEach((text, i) => (object[(fields[i] as { name: string }).name] = value(text, i)));
          return object;
        });
  const result: Results<T> & { command?: string; rowCount?: number } = { rows: out as T[], fields, affectedRows: 0 };
  if (tag === undefined) return result;
  const words = tag.split(' ');
  const command = words[0] as string;
  const count = parseInt(words[words.length - 1] as string, 10);
  if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command)) result.affectedRows = count;
  result.command = command;
  if (!Number.isNaN(count)) result.rowCount = count;
  return result;
}

/** The answer as PGlite's parser reads it: its messages, errors as DatabaseError. */
export function parseMessages(bytes: Uint8Array): messages.BackendMessage[] {
  const messages: messages.BackendMessage[] = [];
  new protocol.Parser().parse(bytes, (m) => messages.push(m));
  return messages;
}
