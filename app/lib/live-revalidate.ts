// Refreshing the open page on a live signal without interrupting a load in flight.
//
// React Router's `revalidate()` aborts the loads of a navigation (or revalidation) under way and
// starts them again. The aborted request has already reached the server, which reads — and clears —
// a toast flashed by the action that just redirected; its answer is thrown away, and the toast with
// it (a CI run lost "Invoice issued" so when the invoice's own signal arrived in that moment). A
// signal that arrives while the page loads is kept and served once it is idle: the load under way
// may have read before the change the signal announces.
import { useCallback, useLayoutEffect, useRef } from 'react';
import { useFetchers, useNavigation, useRevalidator } from 'react-router';

export function useLiveRevalidate(): () => void {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== 'idle' || revalidator.state !== 'idle' || fetchers.some((f) => f.state !== 'idle');
  const state = useRef({ busy, pending: false });
  const revalidate = revalidator.revalidate;

  // A layout effect: the socket's handler sees the new state before any later task runs.
  useLayoutEffect(() => {
    state.current.busy = busy;
    if (busy || !state.current.pending) return;
    state.current.pending = false;
    void revalidate();
  }, [busy, revalidate]);

  return useCallback(() => {
    if (state.current.busy) state.current.pending = true;
    else void revalidate();
  }, [revalidate]);
}
