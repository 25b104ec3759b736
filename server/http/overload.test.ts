import { describe, expect, it } from 'vitest';
import { lagGate, WINDOWS_TO_SHED } from './overload';

describe('lagGate', () => {
  it('sheds after two windows over the limit in a row, and stops at the first under it', () => {
    expect(WINDOWS_TO_SHED).toBe(2);
    const gate = lagGate(100);
    expect(gate.window(5_000)).toBe(false); // one long task is not falling behind
    expect(gate.window(20)).toBe(false);
    expect(gate.window(150)).toBe(false);
    expect(gate.window(150)).toBe(true);
    expect(gate.window(900)).toBe(true);
    expect(gate.window(100)).toBe(false); // at the limit is not over it
    expect(gate.window(101)).toBe(false);
  });

  it('never sheds when off', () => {
    const gate = lagGate(0);
    for (let i = 0; i < 5; i++) expect(gate.window(60_000)).toBe(false);
  });
});
