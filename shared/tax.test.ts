import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  creditedDuty,
  creditedTotals,
  defaultDutyTreatment,
  dutyOn,
  type ExciseBand,
  exciseBandFor,
  type TaxLine,
  taxedTotals,
  taxJurisdiction,
  type VatCategory,
  vatDecision,
  vatRateLabel,
} from './tax';

const GB_STANDARD = { category: 'S' as const, rateBp: 2000, exemptionReason: '' };
const party = (country: string, market: string, vatNumber = '') => ({ country, market, vatNumber });

describe('duty', () => {
  it('is litres × ABV × the rate per hectolitre of pure alcohol, rounded half-up once per line', () => {
    // 6 × 70 cl at 40 % = 1.68 l of pure alcohol × £32.79 = £55.0872 → 5,509 p.
    expect(dutyOn(700, 6, 400, 327_900)).toBe(5509);
    // 1 × 70 cl at 41.3 % × £32.79 = £9.479589 → 948 p.
    expect(dutyOn(700, 1, 413, 327_900)).toBe(948);
    // Exactly half a minor unit goes up: 1 ml × 1 × 0.1 % × 50,000,000 per hl = 0.5.
    expect(dutyOn(1, 1, 1, 50_000_000)).toBe(1);
    expect(dutyOn(700, 0, 400, 327_900)).toBe(0);
    expect(() => dutyOn(700, 1.5, 400, 327_900)).toThrow(RangeError);
    expect(() => dutyOn(700, 1, -1, 327_900)).toThrow(RangeError);
  });

  it('takes the band a strength falls in (the UK charges by band)', () => {
    const bands: ExciseBand[] = [
      { abvFromTenths: 0, abvToTenths: 13, perHlpaMinor: 0, currency: 'GBP' },
      { abvFromTenths: 85, abvToTenths: 221, perHlpaMinor: 295_400, currency: 'GBP' },
      { abvFromTenths: 221, abvToTenths: null, perHlpaMinor: 327_900, currency: 'GBP' },
    ];
    expect(exciseBandFor(bands, 220)?.perHlpaMinor).toBe(295_400);
    expect(exciseBandFor(bands, 221)?.perHlpaMinor).toBe(327_900);
    expect(exciseBandFor(bands, 571)?.perHlpaMinor).toBe(327_900);
    expect(exciseBandFor(bands, 40)).toBeNull();
  });

  it('arises once along the chain: in bond to the importer, released by it, paid upstream for the retailer', () => {
    const legs = ['importer', 'distributor', 'retailer'].map(defaultDutyTreatment);
    expect(legs).toEqual(['in_bond', 'releases', 'duty_paid_upstream']);
    expect(legs.filter((l) => l === 'releases')).toHaveLength(1);
  });
});

describe('VAT category', () => {
  it('is the seller’s domestic rule between two parties of one country', () => {
    expect(vatDecision(party('GB', 'GB'), party('GB', 'GB'), GB_STANDARD)).toMatchObject({ category: 'S', rateBp: 2000, note: '' });
    const resale = { category: 'E' as const, rateBp: 0, exemptionReason: 'Sale for resale' };
    expect(vatDecision(party('US', 'US'), party('US', 'US'), resale)).toMatchObject({ category: 'E', note: 'Sale for resale' });
    expect(vatDecision(party('GB', 'GB'), party('GB', 'GB'), null)).toBeNull();
  });

  it('is K between member states when the buyer has a VAT number, else the seller’s own VAT', () => {
    const ie = party('IE', 'EU', 'IE6388047V');
    expect(vatDecision(ie, party('DE', 'EU', 'DE136695976'), { ...GB_STANDARD, rateBp: 2300 })).toEqual({
      category: 'K',
      rateBp: 0,
      note: 'Exempt intra-Community supply',
      buyerVatNumberRequired: true,
    });
    expect(vatDecision(ie, party('DE', 'EU'), { ...GB_STANDARD, rateBp: 2300 })).toMatchObject({ category: 'S', rateBp: 2300 });
  });

  it('is G across the VAT area’s border (GB ↔ EU, anything with a non-EU country)', () => {
    for (const [from, to] of [
      [party('GB', 'GB'), party('IE', 'EU', 'IE6388047V')],
      [party('IE', 'EU'), party('GB', 'GB')],
      [party('GB', 'GB'), party('US', 'US')],
    ] as const)
      expect(vatDecision(from, to, GB_STANDARD)).toMatchObject({ category: 'G', rateBp: 0, note: 'Export outside the VAT area' });
  });

  it('reads rules per member state in the EU market and per market elsewhere', () => {
    expect(taxJurisdiction({ market: 'EU', country: 'DE' })).toBe('DE');
    expect(taxJurisdiction({ market: 'GB', country: 'GB' })).toBe('GB');
    expect(taxJurisdiction({ market: 'INT', country: 'JP' })).toBe('INT');
    expect(vatRateLabel('S', 2050)).toBe('S 20.5%');
  });
});

describe('document totals', () => {
  it('charges VAT once per category on the duty-inclusive basis', () => {
    const lines: TaxLine[] = [
      { netMinor: 10_001, dutyMinor: 5509, category: 'S', rateBp: 2000 },
      { netMinor: 3, dutyMinor: 0, category: 'S', rateBp: 2000 },
      { netMinor: 999, dutyMinor: 0, category: 'Z', rateBp: 0 },
    ];
    const t = taxedTotals(lines, { Z: 'Zero rated' });
    expect(t.breakdown).toEqual([
      { category: 'S', rateBp: 2000, basisMinor: 15_513, vatMinor: 3103, note: '' },
      { category: 'Z', rateBp: 0, basisMinor: 999, vatMinor: 0, note: 'Zero rated' },
    ]);
    expect(t).toMatchObject({ subtotalMinor: 11_003, dutyMinor: 5509, vatMinor: 3103, totalMinor: 11_003 + 5509 + 3103 });
  });

  const category = fc.constantFrom<VatCategory>('S', 'Z', 'E', 'K', 'G');
  const line = fc.record({
    cases: fc.integer({ min: 1, max: 40 }),
    caseSize: fc.constantFrom(1, 6, 12),
    priceMinor: fc.integer({ min: 0, max: 20_000 }),
    volumeMl: fc.constantFrom(50, 200, 700, 1000, 1750),
    abvTenths: fc.integer({ min: 0, max: 750 }),
    perHlpaMinor: fc.integer({ min: 0, max: 1_100_000 }),
    category,
    rateBp: fc.integer({ min: 0, max: 2700 }),
  });

  it('sums lines and categories to the totals to the minor unit (property)', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), (raw) => {
        const lines = raw.map((l) => ({
          netMinor: l.cases * l.caseSize * l.priceMinor,
          dutyMinor: dutyOn(l.volumeMl, l.cases * l.caseSize, l.abvTenths, l.perHlpaMinor),
          category: l.category,
          rateBp: l.category === 'S' ? l.rateBp : 0,
        }));
        const t = taxedTotals(lines);
        expect(t.subtotalMinor).toBe(lines.reduce((s, l) => s + l.netMinor, 0));
        expect(t.dutyMinor).toBe(lines.reduce((s, l) => s + l.dutyMinor, 0));
        expect(t.breakdown.reduce((s, b) => s + b.basisMinor, 0)).toBe(t.subtotalMinor + t.dutyMinor);
        expect(t.breakdown.reduce((s, b) => s + b.vatMinor, 0)).toBe(t.vatMinor);
        expect(t.totalMinor).toBe(t.subtotalMinor + t.dutyMinor + t.vatMinor);
        // One row per category and rate.
        expect(new Set(t.breakdown.map((b) => `${b.category}:${b.rateBp}`)).size).toBe(t.breakdown.length);
      }),
    );
  });

  it('credit notes taken in any pieces reverse exactly what they credit (property)', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 4 }), fc.integer(), (raw, notes, seed) => {
        const invoiceLines = raw.map((l) => ({
          ...l,
          rateBp: l.category === 'S' ? l.rateBp : 0,
          netPerCase: l.caseSize * l.priceMinor,
          dutyMinor: dutyOn(l.volumeMl, l.cases * l.caseSize, l.abvTenths, l.perHlpaMinor),
        }));
        const invoice = taxedTotals(
          invoiceLines.map((l) => ({ netMinor: l.cases * l.netPerCase, dutyMinor: l.dutyMinor, category: l.category, rateBp: l.rateBp })),
        );
        // Split every line's cases over `notes` credit notes, pseudo-randomly; the last takes the rest.
        let state = seed >>> 0;
        const next = (max: number) => ((state = (state * 1_103_515_245 + 12_345) >>> 0) % (max + 1)) | 0;
        const creditedCases = invoiceLines.map(() => 0);
        const before: { category: VatCategory; rateBp: number; basisMinor: number; vatMinor: number }[] = [];
        const sums = { subtotal: 0, duty: 0, vat: 0 };
        for (let n = 0; n < notes; n++) {
          const last = n === notes - 1;
          const taken = invoiceLines.map((l, i) => (last ? l.cases - creditedCases[i]! : next(l.cases - creditedCases[i]!)));
          const lines = invoiceLines.flatMap((l, i) => {
            const cases = taken[i]!;
            if (cases === 0) return [];
            const dutyMinor = creditedDuty(
              { volumeMl: l.volumeMl, caseSize: l.caseSize, abvTenths: l.abvTenths, dutyPerHlpaMinor: l.perHlpaMinor, cases: l.cases, dutyMinor: l.dutyMinor },
              creditedCases[i]!,
              cases,
            );
            creditedCases[i]! += cases;
            return [{ netMinor: cases * l.netPerCase, dutyMinor, category: l.category, rateBp: l.rateBp }];
          });
          if (!lines.length) continue;
          const note = creditedTotals(lines, before);
          expect(note.dutyMinor).toBeGreaterThanOrEqual(0);
          expect(note.vatMinor).toBeGreaterThanOrEqual(0);
          for (const b of note.breakdown) {
            const e = before.find((x) => x.category === b.category && x.rateBp === b.rateBp);
            if (e) {
              e.basisMinor += b.basisMinor;
              e.vatMinor += b.vatMinor;
            } else before.push({ category: b.category, rateBp: b.rateBp, basisMinor: b.basisMinor, vatMinor: b.vatMinor });
          }
          sums.subtotal += note.subtotalMinor;
          sums.duty += note.dutyMinor;
          sums.vat += note.vatMinor;
        }
        expect(sums).toEqual({ subtotal: invoice.subtotalMinor, duty: invoice.dutyMinor, vat: invoice.vatMinor });
        for (const b of invoice.breakdown) expect(before.find((x) => x.category === b.category && x.rateBp === b.rateBp)?.vatMinor).toBe(b.vatMinor);
      }),
    );
  });
});
