// A store's week of opening hours with today's row marked: as the server rendered it (the page may
// hydrate only on the visitor's first press; the page cache keeps it no later than the zone's next
// midnight), then in the browser by the zone's clock the page came with (shared/store-clock.ts), or
// by ICU when the page is older than that clock.
import { useSyncExternalStore } from 'react';
import type { OpeningHoursEntry } from '@shared/schemas/stores';
import { storeTimeZone, weekdayByClock, type ZoneClocks } from '@shared/store-clock';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const WEEKDAY_INDEX: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

function todayAt(timeZone: string): number {
  const name = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone }).format(new Date());
  return WEEKDAY_INDEX[name] ?? -1;
}

const noSubscription = () => () => {};

function useToday(timeZone: string, clocks: ZoneClocks | undefined, renderedAt: number | undefined): number | null {
  return useSyncExternalStore(
    noSubscription,
    () => weekdayByClock(clocks?.[timeZone], Date.now()) ?? todayAt(timeZone),
    () => (renderedAt === undefined ? null : weekdayByClock(clocks?.[timeZone], renderedAt)),
  );
}

export function OpeningHours({
  hours,
  country,
  longitude,
  labelId,
  clocks,
  renderedAt,
}: {
  hours: OpeningHoursEntry[];
  country: string;
  longitude: number;
  labelId: string;
  clocks?: ZoneClocks;
  renderedAt?: number;
}) {
  const today = useToday(storeTimeZone(country, longitude), clocks, renderedAt);
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
