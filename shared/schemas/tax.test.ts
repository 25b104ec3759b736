import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../field-errors';
import { exciseRuleInput, jurisdictionName, TAX_JURISDICTIONS, taxRuleInput, vatRuleInput } from './tax';

const errorsOf = (schema: typeof taxRuleInput, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe('Tax rules as staff enter them (issue 44)', () => {
  it('keeps rules for each market but the EU, and for each member state', () => {
    expect(TAX_JURISDICTIONS).toHaveLength(32);
    expect(TAX_JURISDICTIONS).not.toContain('EU');
    expect(jurisdictionName('GR')).toBe('Greece (EU)');
    expect(jurisdictionName('INT')).toBe('International');
  });

  it('reads a percentage as basis points exactly, from text or a JSON number', () => {
    const rule = { kind: 'vat', jurisdiction: 'fi', category: 'S', effectiveFrom: '2027-01-01' };
    expect(vatRuleInput.parse({ ...rule, ratePercent: '25.5' })).toMatchObject({ jurisdiction: 'FI', rateBp: 2550, exemptionReason: '' });
    expect(vatRuleInput.parse({ ...rule, ratePercent: 0.29 }).rateBp).toBe(29);
    expect(vatRuleInput.parse({ ...rule, ratePercent: '20.10' }).rateBp).toBe(2010);
    expect(vatRuleInput.parse({ ...rule, ratePercent: '20', exemptionReason: 'ignored' }).exemptionReason).toBe('');
    expect(errorsOf(taxRuleInput, { ...rule, ratePercent: '1e2' })).toEqual({ ratePercent: 'Enter the rate as a percentage, e.g. 20 or 25.5.' });
    expect(errorsOf(taxRuleInput, { ...rule, ratePercent: '100.01' })).toEqual({ ratePercent: 'The rate is a percentage from 0 to 100.' });
  });

  it('reads duty per litre of pure alcohol as minor units per hectolitre, and strengths as tenths of a percent', () => {
    const set = exciseRuleInput.parse({
      kind: 'excise',
      jurisdiction: 'GB',
      currency: 'gbp',
      effectiveFrom: '2027-02-01',
      bands: [
        { abvFrom: '0', abvTo: '1.3', perLitre: '0' },
        { abvFrom: '1.3', abvTo: '', perLitre: '18.6248' },
      ],
    });
    expect(set).toMatchObject({ currency: 'GBP', example: false, source: '' });
    expect(set.bands).toEqual([
      { abvFromTenths: 0, abvToTenths: 13, perHlpaMinor: 0 },
      { abvFromTenths: 13, abvToTenths: null, perHlpaMinor: 186_248 },
    ]);
  });
});
