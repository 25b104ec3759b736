// The store CSV: its one column layout, the opening-hours notation ("Mon-Fri 09:00-18:00; Sun
// closed"), the yes/no of `active`, and the formula escape (server/core/csv-cell.ts) on the way out
// and back in. Pure functions: the service decides what the rows mean.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { OpeningHoursEntry } from '../../../shared/schemas/stores';
import { escapeCell, unescapeCell } from '../../core/csv-cell';
import {
  STORE_CSV_COLUMNS,
  STORE_CSV_EXPORT_COLUMNS,
  STORE_CSV_REQUIRED,
  STORE_IMPORT_MAX_BYTES,
  STORE_IMPORT_MAX_ROWS,
  WEEKDAY_ABBR,
  WEEKDAYS,
} from '../../../shared/store-constants';

export type HoursResult = { ok: true; hours: OpeningHoursEntry[] } | { ok: false; error: string };

/** "mon", "Monday", "thurs" → 3; null when it names no day. */
function dayIndex(word: string): number | null {
  const w = word.toLowerCase();
  if (w.length < 3) return null;
  const i = WEEKDAYS.findIndex((d) => d.toLowerCase().startsWith(w));
  return i === -1 ? null : i;
}

/** "9:00" → "09:00"; null unless it is a time of day. */
function timeOf(s: string): string | null {
  const m = /^(\d{1,2})[:.](\d{2})$/.exec(s);
  if (!m) return null;
  const [h, min] = [Number(m[1]), Number(m[2])];
  return h <= 23 && min <= 59 ? `${String(h).padStart(2, '0')}:${m[2]}` : null;
}

const SEGMENT = /^([a-z]+)(?:\s*[-–]\s*([a-z]+))?\s+(.+)$/i;
const SPAN = /^(\S+)\s*[-–]\s*(\S+)$/;

/**
 * Opening hours from their CSV notation: entries separated by ";", each a day or a range of days
 * and either "HH:MM-HH:MM" or "closed" — "Mon-Fri 09:00-18:00; Sat 10:00-16:00; Sun closed".
 * A day left out is closed; a blank cell means no hours are listed.
 */
export function parseHours(text: string): HoursResult {
  const byDay = new Map<number, OpeningHoursEntry | null>();
  for (const raw of text.split(';')) {
    const segment = raw.trim();
    if (!segment) continue;
    const m = SEGMENT.exec(segment);
    const from = m ? dayIndex(m[1] as string) : null;
    const to = m?.[2] ? dayIndex(m[2]) : from;
    if (!m || from === null || to === null) return { ok: false, error: `“${segment}” does not start with a day, e.g. Mon 09:00-18:00.` };
    if (to < from) return { ok: false, error: `“${segment}”: write day ranges from Monday towards Sunday, e.g. Mon-Fri.` };
    const rest = (m[3] as string).trim();
    let entry: Omit<OpeningHoursEntry, 'day'> | null = null;
    if (rest.toLowerCase() !== 'closed') {
      const span = SPAN.exec(rest);
      const opens = span ? timeOf(span[1] as string) : null;
      const closes = span ? timeOf(span[2] as string) : null;
      if (!opens || !closes) return { ok: false, error: `“${segment}”: give the hours as HH:MM-HH:MM (24-hour) or “closed”.` };
      if (closes <= opens) return { ok: false, error: `“${segment}”: the closing time must be after the opening time.` };
      entry = { opens, closes };
    }
    for (let day = from; day <= to; day++) {
      if (byDay.has(day)) return { ok: false, error: `${WEEKDAYS[day]} is given more than once.` };
      byDay.set(day, entry && { day, ...entry });
    }
  }
  const hours = [...byDay.values()].filter((h): h is OpeningHoursEntry => h !== null).sort((a, b) => a.day - b.day);
  return { ok: true, hours };
}

/** Every day spelled out ("Mon 10:00-19:00; …; Sun closed"), or blank when no hours are listed. */
export function formatHours(hours: OpeningHoursEntry[]): string {
  if (hours.length === 0) return '';
  return WEEKDAY_ABBR.map((abbr, day) => {
    const h = hours.find((x) => x.day === day);
    return h ? `${abbr} ${h.opens}-${h.closes}` : `${abbr} closed`;
  }).join('; ');
}

/** The `active` cell: blank means yes. */
export function parseActive(text: string): boolean | null {
  const v = text.trim().toLowerCase();
  if (['', 'yes', 'y', 'true', '1', 'active'].includes(v)) return true;
  if (['no', 'n', 'false', '0', 'inactive'].includes(v)) return false;
  return null;
}

export type CsvRecord = Record<string, string>;

export interface CsvFile {
  fileErrors: string[];
  /** The columns of the header, `id` and `version` included when present. */
  columns: string[];
  rows: { line: number; values: CsvRecord; error?: string }[];
}

const KNOWN_COLUMNS = new Set<string>(STORE_CSV_EXPORT_COLUMNS);

/**
 * Spreadsheets in many European locales save "CSV" with semicolons, and some save tab-separated
 * text: the header row (plain column names) tells which separator the file uses.
 */
function delimiterOf(text: string): string {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n|\r/, 1)[0] ?? '';
  if (header.includes(',')) return ',';
  if (header.includes(';')) return ';';
  if (header.includes('\t')) return '\t';
  return ',';
}

/** The file's rows keyed by column, with what is wrong with the file as a whole. */
export function readStoreCsv(text: string): CsvFile {
  const fail = (message: string): CsvFile => ({ fileErrors: [message], columns: [], rows: [] });
  if (Buffer.byteLength(text, 'utf8') > STORE_IMPORT_MAX_BYTES) {
    return fail(`The file is larger than ${STORE_IMPORT_MAX_BYTES / 1024 / 1024} MB: split it into smaller files.`);
  }
  // A workbook (.xlsx is a zip) or UTF-16 text read as UTF-8 is full of NULs and would only give
  // nonsense column names: say what to do instead.
  if (text.startsWith('PK\u0003\u0004') || text.includes('\u0000')) {
    return fail(
      'This is not a CSV text file (perhaps an Excel workbook or UTF-16 text): in your spreadsheet choose Save As › CSV UTF-8, then import that file.',
    );
  }
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes as { record, info } (the typings do not follow the option).
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    }) as unknown as typeof records;
  } catch (err) {
    return fail(`The file is not valid CSV: ${(err as Error).message}.`);
  }
  const [head, ...body] = records;
  if (!head) return fail('The file is empty: it needs a header row and at least one store.');
  const columns = head.record.map((c) => c.trim().toLowerCase());
  const fileErrors: string[] = [];
  const missing = STORE_CSV_REQUIRED.filter((c) => !columns.includes(c));
  if (missing.length) fileErrors.push(`The header row lacks required columns: ${missing.join(', ')}.`);
  const unknown = columns.filter((c) => !KNOWN_COLUMNS.has(c));
  if (unknown.length)
    fileErrors.push(`Unknown columns: ${unknown.map((c) => c || '(blank)').join(', ')}. Use: id and version (optional), ${STORE_CSV_COLUMNS.join(', ')}.`);
  const twice = columns.filter((c, i) => columns.indexOf(c) !== i);
  if (twice.length) fileErrors.push(`Columns given twice: ${[...new Set(twice)].join(', ')}.`);
  if (body.length === 0) fileErrors.push('The file has a header row but no stores.');
  if (body.length > STORE_IMPORT_MAX_ROWS) fileErrors.push(`The file has ${body.length} rows; import at most ${STORE_IMPORT_MAX_ROWS} at a time.`);
  if (fileErrors.length) return { fileErrors, columns, rows: [] };

  const rows = body.map(({ record, info }) => {
    const values: CsvRecord = {};
    columns.forEach((c, i) => {
      values[c] = unescapeCell((record[i] ?? '').trim());
    });
    const error = record.length !== columns.length ? `The row has ${record.length} cells; the header has ${columns.length}.` : undefined;
    // info.lines is where the record ends; a quoted cell may span lines, so count back to its start.
    const spans = record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
    return { line: info.lines - spans, values, error };
  });
  return { fileErrors: [], columns, rows };
}

/** Rows of cells → CSV text with a header, every cell formula-escaped; a BOM so spreadsheets read UTF-8. */
export function writeStoreCsv(columns: readonly string[], rows: string[][]): string {
  return stringify([columns as string[], ...rows.map((r) => r.map(escapeCell))], { bom: true, record_delimiter: 'windows' });
}
