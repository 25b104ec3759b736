import { describe, expect, it } from 'vitest';
import { addDays, daysUntil, licenceState, licenceWarningStage } from './licence';

describe('a licence on a given day', () => {
  it('counts whole calendar days to its last valid day, across months and leap days', () => {
    expect(daysUntil('2028-03-01', '2028-02-28')).toBe(2);
    expect(daysUntil('2027-03-31', '2027-03-31')).toBe(0);
    expect(daysUntil('2027-03-31', '2027-04-01')).toBe(-1);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('is expiring within 30 days (its last day included) and expired the day after', () => {
    expect(licenceState('2027-05-01', '2027-03-31')).toEqual({ state: 'valid', days: 31 });
    expect(licenceState('2027-04-30', '2027-03-31')).toEqual({ state: 'expiring', days: 30 });
    expect(licenceState('2027-03-31', '2027-03-31')).toEqual({ state: 'expiring', days: 0 });
    expect(licenceState('2027-03-31', '2027-04-01')).toEqual({ state: 'expired', days: -1 });
  });

  it('is due the 30-day warning, then the 7-day one, then the expired one', () => {
    expect(licenceWarningStage('2027-05-01', '2027-03-31')).toBeNull();
    expect(licenceWarningStage('2027-04-30', '2027-03-31')).toBe(30);
    expect(licenceWarningStage('2027-04-08', '2027-03-31')).toBe(30);
    expect(licenceWarningStage('2027-04-07', '2027-03-31')).toBe(7);
    expect(licenceWarningStage('2027-03-31', '2027-03-31')).toBe(7);
    expect(licenceWarningStage('2027-03-30', '2027-03-31')).toBe(0);
  });
});
