import { describe, expect, it } from 'vitest';
import { noun, plural } from './plural';

describe('plural', () => {
  it('agrees with the count', () => {
    expect(plural(1, 'case')).toBe('1 case');
    expect(plural(0, 'case')).toBe('0 cases');
    expect(plural(2, 'case')).toBe('2 cases');
    expect(plural(1200, 'bottle')).toBe('1,200 bottles');
    expect(plural(1, 'person', 'people')).toBe('1 person');
    expect(plural(4, 'person', 'people')).toBe('4 people');
    expect(noun(1, 'day')).toBe('day');
    expect(noun(7, 'day')).toBe('days');
  });
});
