import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRefreshTimer } from './refresh-timer';

describe('createRefreshTimer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-23T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires once at the earliest moment asked for, then can be armed again', () => {
    const due = vi.fn();
    const timer = createRefreshTimer(due);
    const now = Date.now();
    timer.at(now + 60_000);
    timer.at(now + 30_000);
    timer.at(now + 90_000);
    vi.advanceTimersByTime(29_999);
    expect(due).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(due).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(120_000);
    expect(due).toHaveBeenCalledTimes(1);
    timer.at(Date.now() + 10_000);
    vi.advanceTimersByTime(10_000);
    expect(due).toHaveBeenCalledTimes(2);
  });

  it('reaches a moment beyond setTimeout’s range in steps, and stops when told', () => {
    const due = vi.fn();
    const timer = createRefreshTimer(due);
    timer.at(Date.now() + 40 * 86_400_000);
    vi.advanceTimersByTime(2_147_483_647);
    expect(due).toHaveBeenCalledTimes(1);
    timer.at(Date.now() + 1000);
    timer.stop();
    vi.advanceTimersByTime(5000);
    expect(due).toHaveBeenCalledTimes(1);
  });
});
