import { describe, expect, it } from 'vitest';
import { openingHoursEntry } from '@shared/schemas/stores';
import { normalizeTime, TIME_PATTERN } from './time-input';

describe('normalizeTime', () => {
  it('writes what people type as 24-hour HH:MM', () => {
    expect(normalizeTime('18:30')).toBe('18:30');
    expect(normalizeTime('9')).toBe('09:00');
    expect(normalizeTime('9:05')).toBe('09:05');
    expect(normalizeTime('930')).toBe('09:30');
    expect(normalizeTime('1830')).toBe('18:30');
    expect(normalizeTime(' 18.30 ')).toBe('18:30');
    expect(normalizeTime('0')).toBe('00:00');
  });

  it('leaves what is not a time of day as typed, for the schema to refuse', () => {
    for (const text of ['24:00', '18:60', '6pm', '6:30 PM', '', 'abc']) {
      expect(normalizeTime(text)).toBe(text.trim());
    }
    expect(openingHoursEntry.safeParse({ day: 0, opens: '6:30 PM', closes: '23:00' }).success).toBe(false);
  });

  it('agrees with the input pattern and the shared schema on every time of the day', () => {
    const pattern = new RegExp(`^(?:${TIME_PATTERN})$`);
    for (let h = 0; h < 24; h++) {
      for (const m of [0, 30, 59]) {
        const t = `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
        expect(pattern.test(t)).toBe(true);
        expect(normalizeTime(t)).toBe(t);
      }
    }
    expect(pattern.test('24:00')).toBe(false);
  });
});
