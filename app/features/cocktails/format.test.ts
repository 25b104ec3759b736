import { describe, expect, it } from 'vitest';
import { formatAmount, ingredientText } from './format';

const line = (amount: number | null, unit: string | null, name: string) => ({ position: 1, amount, unit, name, product: null });

describe('ingredient lines', () => {
  it('reads amount, unit and name in that order', () => {
    expect(ingredientText(line(50, 'ml', 'Frolic London Dry Gin'))).toBe('50 ml Frolic London Dry Gin');
    expect(ingredientText(line(2, 'dashes', 'Angostura bitters'))).toBe('2 dashes Angostura bitters');
    expect(ingredientText(line(1, null, 'egg white'))).toBe('1 egg white');
  });

  it('puts "to top" and "to garnish" after the name when there is no amount', () => {
    expect(ingredientText(line(null, 'to top', 'soda water'))).toBe('Soda water, to top');
    expect(ingredientText(line(null, null, 'ice'))).toBe('Ice');
  });

  it('keeps millilitres decimal and writes spoons as fractions', () => {
    expect(formatAmount(12.5, 'ml')).toBe('12.5');
    expect(formatAmount(0.5, 'barspoon')).toBe('½');
    expect(formatAmount(1.75, 'barspoons')).toBe('1¾');
    expect(formatAmount(0.3, 'barspoon')).toBe('0.3');
  });
});
