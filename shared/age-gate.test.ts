import { describe, expect, it } from 'vitest';
import { decideAge } from './age-gate';
import { legalAgeFor } from './legal-age';

const today = new Date(Date.UTC(2026, 10, 23)); // 23 Nov 2026

describe('age gate decision', () => {
  it('lets an adult through on the year alone', () => {
    expect(decideAge({ country: 'GB', year: 1990 }, today)).toEqual({ kind: 'adult', legalAge: 18 });
  });

  it('refuses a visitor clearly under age on the year alone', () => {
    expect(decideAge({ country: 'GB', year: 2015 }, today).kind).toBe('underage');
  });

  it('asks for day and month only when the year cannot decide', () => {
    expect(decideAge({ country: 'US', year: 2005 }, today)).toEqual({ kind: 'need_full_date', legalAge: 21 });
    expect(decideAge({ country: 'US', year: 2005, month: 11, day: 23 }, today).kind).toBe('adult');
    expect(decideAge({ country: 'US', year: 2005, month: 11, day: 24 }, today).kind).toBe('underage');
    expect(decideAge({ country: 'US', year: 2005, month: 12, day: 1 }, today).kind).toBe('underage');
  });

  it('applies the legal age of the country given', () => {
    // 19 this year: adult in the UK and Germany, not in the US or Sweden.
    expect(decideAge({ country: 'DE', year: 2007 }, today).kind).toBe('adult');
    expect(decideAge({ country: 'US', year: 2007 }, today).kind).toBe('underage');
    expect(decideAge({ country: 'SE', year: 2007 }, today).kind).toBe('underage');
    expect(legalAgeFor('FI')).toBe(20);
    expect(legalAgeFor('ZZ')).toBe(18);
  });

  it('refuses countries where the sale of alcohol is prohibited', () => {
    expect(decideAge({ country: 'SA', year: 1970 }, today)).toEqual({ kind: 'prohibited' });
  });

  it('rejects impossible dates', () => {
    expect(decideAge({ country: 'GB', year: 2030 }, today).kind).toBe('invalid');
    expect(decideAge({ country: 'GB', year: 1800 }, today).kind).toBe('invalid');
    expect(decideAge({ country: 'GB', year: 2008, month: 2, day: 30 }, today)).toMatchObject({ kind: 'invalid', field: 'day' });
    expect(decideAge({ country: 'GB', year: 2008, month: 13, day: 1 }, today)).toMatchObject({ kind: 'invalid', field: 'month' });
  });
});
