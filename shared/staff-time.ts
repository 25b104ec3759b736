// Times on the staff screens, in UTC: the server's render and the browser's hydration always agree
// (a browser's own time zone would differ from the server's and break hydration).
const stamp = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "23 Nov 2026, 13:05 UTC" */
export function formatUtc(value: string | Date): string {
  return `${stamp.format(new Date(value))} UTC`;
}

/** "23 Nov 2026" (the UTC date) */
export function formatUtcDate(value: string | Date): string {
  return day.format(new Date(value));
}
