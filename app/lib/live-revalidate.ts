// Refreshing the open page on a live signal without interrupting a load in flight.
//
// React Router's `revalidate()` aborts the loads of a navigation (or revalidation) under way and
// starts them again. The aborted request has already reached the server, which reads — and clears —
// a toast flashed by the action that just redirected; its answer is thrown away, and the toast with
// it (tests/e2e/live-refresh.spec.ts reproduces it). A signal that arrives while the page loads is kept
// and served once it is idle: the load under way may have read before the change it announces.
import { useCallback, useLayoutEffect } from 'react';
import { useFetchers, useNavigation, useRevalidator } from 'react-router';

// One router per document: a signal kept during a load survives the shell being mounted again for
// the next page (the partner and admin shells are, between some of their pages).
const live = { busy: false, pending: false };

export function useLiveRevalidate(): () => void {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== 'idle' || revalidator.state !== 'idle' || fetchers.some((f) => f.state !== 'idle');
  const revalidate = revalidator.revalidate;

  // A layout effect: the socket's handler sees the new state before any later task runs.
  useLayoutEffect(() => {
    live.busy = busy;
    if (busy || !live.pending) return;
    live.pending = false;
    void revalidate();
  }, [busy, revalidate]);

  return useCallback(() => {
    if (live.busy) live.pending = true;
    else void revalidate();
  }, [revalidate]);
}
