// A store's week of opening hours; today's row is marked once the page runs in the browser (a
// cached page must not carry yesterday's "today").
import { useSyncExternalStore } from 'react';
import type { OpeningHoursEntry } from '@shared/schemas/stores';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The store's own time zone, near enough for the day of the week. */
function storeTimeZone(country: string, lng: number): string {
  switch (country) {
    case 'GB':
      return 'Europe/London';
    case 'IE':
      return 'Europe/Dublin';
    case 'US':
      return lng > -87.5 ? 'America/New_York' : lng > -101 ? 'America/Chicago' : lng > -115 ? 'America/Denver' : 'America/Los_Angeles';
    case 'CA':
      return lng > -90 ? 'America/Toronto' : lng > -102 ? 'America/Winnipeg' : lng > -120 ? 'America/Edmonton' : 'America/Vancouver';
    case 'AU':
      return lng > 141 ? 'Australia/Sydney' : lng > 129 ? 'Australia/Adelaide' : 'Australia/Perth';
    default:
      return 'Europe/Paris';
  }
}

const WEEKDAY_INDEX: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

function todayAt(timeZone: string): number {
  const name = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone }).format(new Date());
  return WEEKDAY_INDEX[name] ?? -1;
}

const noSubscription = () => () => {};

function useToday(timeZone: string): number | null {
  return useSyncExternalStore(
    noSubscription,
    () => todayAt(timeZone),
    () => null,
  );
}

export function OpeningHours({ hours, country, longitude, labelId }: { hours: OpeningHoursEntry[]; country: string; longitude: number; labelId: string }) {
  const today = useToday(storeTimeZone(country, longitude));
  return (
    <dl aria-labelledby={labelId} className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 text-sm">
      {DAYS.map((day, i) => {
        const open = hours.filter((h) => h.day === i);
        const isToday = today === i;
        return (
          <div key={day} className={`contents ${isToday ? 'font-semibold text-forest' : 'text-stone-700'}`} data-today={isToday || undefined}>
            <dt>
              {day}
              {isToday ? <span className="ml-1 rounded bg-brass-light/40 px-1 text-xs text-ink">today</span> : null}
            </dt>
            <dd>{open.length === 0 ? 'Closed' : open.map((h) => `${h.opens}–${h.closes}`).join(', ')}</dd>
          </div>
        );
      })}
    </dl>
  );
}
