import { describe, expect, it } from 'vitest';
import { formatHours, parseActive, parseHours, readStoreCsv, writeStoreCsv } from './csv';

const ok = (text: string) => {
  const r = parseHours(text);
  if (!r.ok) throw new Error(r.error);
  return r.hours;
};
const error = (text: string) => {
  const r = parseHours(text);
  if (r.ok) throw new Error(`accepted ${text}`);
  return r.error;
};

describe('the opening-hours notation', () => {
  it('reads days, ranges of days and closed days', () => {
    expect(ok('Mon 09:00-18:00; Tue 09:00-18:00; Sun closed')).toEqual([
      { day: 0, opens: '09:00', closes: '18:00' },
      { day: 1, opens: '09:00', closes: '18:00' },
    ]);
    const week = ok('Mon-Fri 10:00-19:00; Sat 10:00 - 16:30; Sun closed');
    expect(week).toHaveLength(6);
    expect(week[4]).toEqual({ day: 4, opens: '10:00', closes: '19:00' });
    expect(week[5]).toEqual({ day: 5, opens: '10:00', closes: '16:30' });
  });

  it('is forgiving about case, full day names, single-digit hours and stray separators', () => {
    expect(ok(' monday 9:00-17:30 ;; THURSDAY 9.00–21:00; ')).toEqual([
      { day: 0, opens: '09:00', closes: '17:30' },
      { day: 3, opens: '09:00', closes: '21:00' },
    ]);
    expect(ok('Tues 08:00-12:00; Thurs-Sat 08:00-12:00').map((h) => h.day)).toEqual([1, 3, 4, 5]);
  });

  it('reads a blank cell as no hours listed', () => {
    expect(ok('')).toEqual([]);
    expect(ok('   ')).toEqual([]);
  });

  it('says what is wrong', () => {
    expect(error('Funday 09:00-17:00')).toMatch(/does not start with a day/);
    expect(error('09:00-17:00')).toMatch(/does not start with a day/);
    expect(error('Mo 09:00-17:00')).toMatch(/does not start with a day/);
    expect(error('Mon 9-5')).toMatch(/HH:MM-HH:MM/);
    expect(error('Mon 25:00-26:00')).toMatch(/HH:MM-HH:MM/);
    expect(error('Mon 18:00-09:00')).toMatch(/closing time must be after/);
    expect(error('Mon 09:00-09:00')).toMatch(/closing time must be after/);
    expect(error('Mon-Fri 09:00-17:00; Wed closed')).toBe('Wednesday is given more than once.');
    expect(error('Sat-Mon 10:00-16:00')).toMatch(/from Monday towards Sunday/);
  });

  it('writes every day, and reads back what it wrote', () => {
    const hours = ok('Mon-Fri 10:00-19:00; Sat 11:00-17:00');
    const text = formatHours(hours);
    expect(text).toBe('Mon 10:00-19:00; Tue 10:00-19:00; Wed 10:00-19:00; Thu 10:00-19:00; Fri 10:00-19:00; Sat 11:00-17:00; Sun closed');
    expect(ok(text)).toEqual(hours);
    expect(formatHours([])).toBe('');
  });
});

describe('the active column', () => {
  it('takes yes/no words, blank as yes, and refuses the rest', () => {
    expect(['', 'yes', 'Y', 'TRUE', '1', 'active'].map(parseActive)).toEqual([true, true, true, true, true, true]);
    expect(['no', 'N', 'false', '0', 'inactive'].map(parseActive)).toEqual([false, false, false, false, false]);
    expect(parseActive('maybe')).toBeNull();
  });
});

describe('reading a store CSV', () => {
  const header = 'name,address,city,region,postcode,country,latitude,longitude,phone,hours,products,active';

  it('keys cells by column, with the line each row starts on', () => {
    const file = readStoreCsv(
      `\uFEFF${header}\r\nA,"1 High St",London,,N1,GB,51.5,-0.1,,,,yes\r\n\r\n"B ""Bar""","2 Low St\nBack",Leeds,,,GB,53.8,-1.5,,,,\r\nC,3 Mid St,York,,,GB,53.9,-1.08,,,,\r\n`,
    );
    expect(file.fileErrors).toEqual([]);
    expect(file.rows.map((r) => r.line)).toEqual([2, 4, 6]);
    expect(file.rows[1]?.values).toMatchObject({ name: 'B "Bar"', address: '2 Low St\nBack', city: 'Leeds' });
  });

  it('reads the id and version columns the export writes first', () => {
    const file = readStoreCsv(`id,version,${header}\n7,3,A,1 High St,London,,N1,GB,51.5,-0.1,,,,yes\n,,B,2 Low St,Leeds,,,GB,53.8,-1.5,,,,\n`);
    expect(file.fileErrors).toEqual([]);
    expect(file.rows.map((r) => [r.values.id, r.values.version, r.values.name])).toEqual([
      ['7', '3', 'A'],
      ['', '', 'B'],
    ]);
  });

  it('refuses a header without the required columns, or with unknown ones', () => {
    expect(readStoreCsv('name,city\nA,London\n').fileErrors[0]).toMatch(/lacks required columns: address, country, latitude, longitude/);
    expect(readStoreCsv(`${header},colour\n`).fileErrors.join(' ')).toMatch(/Unknown columns: colour\. Use: id and version \(optional\), name, address/);
    expect(readStoreCsv(`${header}\n`).fileErrors).toEqual(['The file has a header row but no stores.']);
    expect(readStoreCsv('').fileErrors[0]).toMatch(/empty/);
    expect(readStoreCsv(`${header}\n"unclosed,x\n`).fileErrors[0]).toMatch(/not valid CSV/);
    // A workbook chosen by mistake, and UTF-16 text, are named as such rather than as odd columns.
    expect(readStoreCsv('PK\u0003\u0004\u0014\u0000\u0006\u0000[Content_Types].xml').fileErrors).toEqual([
      expect.stringMatching(/not a CSV text file.*Save As › CSV UTF-8/),
    ]);
    expect(readStoreCsv(Buffer.from(`${header}\n`, 'utf16le').toString('utf8')).fileErrors[0]).toMatch(/not a CSV text file/);
  });

  it('reads the semicolon- and tab-separated files spreadsheets save in many locales', () => {
    const semicolons = readStoreCsv(
      `\uFEFF${header.replaceAll(',', ';')}\r\nCafé Berlin;"Unter den Linden 1, Mitte";Berlin;;10117;DE;52,5;13.4;;"Mon-Fri 09:00-18:00; Sun closed";;yes\r\n`,
    );
    expect(semicolons.fileErrors).toEqual([]);
    expect(semicolons.rows[0]?.values).toMatchObject({
      name: 'Café Berlin',
      address: 'Unter den Linden 1, Mitte',
      latitude: '52,5',
      hours: 'Mon-Fri 09:00-18:00; Sun closed',
    });
    const tabs = readStoreCsv(`${header.replaceAll(',', '\t')}\nA\t1 High St\tLondon\t\t\tGB\t51.5\t-0.1\t\t\t\t\n`);
    expect(tabs.fileErrors).toEqual([]);
    expect(tabs.rows[0]?.values).toMatchObject({ name: 'A', city: 'London', longitude: '-0.1' });
  });

  it('flags a row with the wrong number of cells', () => {
    const file = readStoreCsv(`${header}\nA,1 High St,London\n`);
    expect(file.rows[0]?.error).toMatch(/3 cells; the header has 12/);
  });

  it('writes escaped cells with a header that reads back the same', () => {
    const text = writeStoreCsv(
      ['id', 'name', 'address', 'city', 'country', 'latitude', 'longitude', 'phone'],
      [['7', '=cmd|x', 'a, "b"', 'Paris', 'FR', '48.85', '2.35', '+33 1 23']],
    );
    expect(text.startsWith('\uFEFFid,name')).toBe(true);
    expect(text).toContain(`'=cmd|x`);
    const back = readStoreCsv(text);
    expect(back.rows[0]?.values).toMatchObject({ id: '7', name: '=cmd|x', address: 'a, "b"', phone: '+33 1 23' });
  });
});
