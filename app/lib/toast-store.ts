// A tiny toast store (spec §9: one visible at a time, 5000 ms by default).
import { TOAST_DURATION_MS, TOAST_LIMIT } from '@shared/limits';

/** A toast as a page or an action asks for it. */
export interface ToastData {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export interface ToastItem extends ToastData {
  id: number;
}

type Listener = () => void;
let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const l of listeners) l();
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function toast(input: ToastData): number {
  const id = nextId++;
  toasts = [{ ...input, id }, ...toasts].slice(0, TOAST_LIMIT);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), TOAST_DURATION_MS),
  );
  emit();
  return id;
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getToasts = () => toasts;
const EMPTY: ToastItem[] = [];
export const getServerToasts = () => EMPTY;
