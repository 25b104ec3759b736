// The age gate's decision, pure: year first, then day and month only when the year cannot decide.
import { legalAgeFor } from './legal-age';

export type GateVerdict =
  | { kind: 'adult'; legalAge: number }
  | { kind: 'underage'; legalAge: number }
  | { kind: 'need_full_date'; legalAge: number }
  | { kind: 'prohibited' }
  | { kind: 'invalid'; field: 'year' | 'month' | 'day'; message: string };

export interface GateAnswer {
  country: string;
  year: number;
  month?: number;
  day?: number;
}

export const OLDEST_YEAR_OFFSET = 120;

export function decideAge(answer: GateAnswer, today: Date): GateVerdict {
  const legalAge = legalAgeFor(answer.country);
  if (legalAge === null) return { kind: 'prohibited' };
  const thisYear = today.getUTCFullYear();
  const { year, month, day } = answer;
  if (!Number.isInteger(year) || year > thisYear || year < thisYear - OLDEST_YEAR_OFFSET) {
    return { kind: 'invalid', field: 'year', message: 'Enter a valid year of birth.' };
  }
  const yearsApart = thisYear - year;
  if (yearsApart > legalAge) return { kind: 'adult', legalAge };
  if (yearsApart < legalAge) return { kind: 'underage', legalAge };
  // Born in the year that turns legal this year: the birthday decides.
  if (month === undefined || day === undefined) return { kind: 'need_full_date', legalAge };
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    return { kind: 'invalid', field: 'month', message: 'Choose a valid month.' };
  }
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (!Number.isInteger(day) || day < 1 || day > daysInMonth) {
    return { kind: 'invalid', field: 'day', message: 'Enter a valid day of the month.' };
  }
  const todayMonth = today.getUTCMonth() + 1;
  const todayDay = today.getUTCDate();
  const hadBirthday = todayMonth > month || (todayMonth === month && todayDay >= day);
  return hadBirthday ? { kind: 'adult', legalAge } : { kind: 'underage', legalAge };
}
