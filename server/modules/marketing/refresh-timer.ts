// "Upcoming" changes with the clock, not only with edits: a cached events page (page cache, API
// bodies) would go on listing an event after it ended, until the next edit anywhere. Whoever lists
// upcoming events names the moment the first of them ends; one timer per process fires then and
// moves the content version on, so every cache keyed on it is rebuilt without that event.
/** setTimeout's longest delay (about 24.8 days); a later moment is reached in steps (a harmless early refresh). */
const MAX_DELAY = 2_147_483_647;

export interface RefreshTimer {
  /** Make sure a refresh happens at `instant` (ms) or earlier. */
  at(instant: number): void;
  stop(): void;
}

export function createRefreshTimer(onDue: () => void, now: () => number = Date.now): RefreshTimer {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let dueAt = Number.POSITIVE_INFINITY;
  return {
    at(instant) {
      // One already due sooner covers this one: after it fires, the next listing names the next moment.
      if (instant >= dueAt) return;
      if (timer) clearTimeout(timer);
      dueAt = instant;
      timer = setTimeout(
        () => {
          timer = null;
          dueAt = Number.POSITIVE_INFINITY;
          onDue();
        },
        Math.min(Math.max(instant - now(), 0), MAX_DELAY),
      );
      // Never the reason a process (or a test run) stays alive.
      timer.unref?.();
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      dueAt = Number.POSITIVE_INFINITY;
    },
  };
}
