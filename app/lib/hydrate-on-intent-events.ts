// The event the root dispatches on `window` once React has hydrated the document (app/lib/hydrate-on-intent.ts).
export const HYDRATED_EVENT = 'frolic:hydrated';
