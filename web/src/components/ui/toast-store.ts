/**
 * A small toast store (R-TOASTS): default, error and info 4 s, success 2 s,
 * loading until dismissed, at most 20 on screen (the oldest goes first).
 */
export type ToastKind = 'default' | 'success' | 'error' | 'info' | 'loading';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export const TOAST_LIMIT = 20;
export const TOAST_DURATIONS: Record<ToastKind, number | null> = {
  default: 4000,
  info: 4000,
  error: 4000,
  success: 2000,
  loading: null,
};

type Listener = () => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const listener of listeners) listener();
}

function dismiss(id?: number): void {
  const ids = id === undefined ? toasts.map((t) => t.id) : [id];
  for (const one of ids) {
    clearTimeout(timers.get(one));
    timers.delete(one);
  }
  const before = toasts.length;
  toasts = id === undefined ? [] : toasts.filter((t) => t.id !== id);
  if (toasts.length !== before) emit();
}

function show(kind: ToastKind, message: string, options: { duration?: number | null } = {}): number {
  const id = nextId++;
  let next = [...toasts, { id, kind, message }];
  while (next.length > TOAST_LIMIT) {
    const [oldest, ...rest] = next;
    clearTimeout(timers.get(oldest.id));
    timers.delete(oldest.id);
    next = rest;
  }
  toasts = next;
  const duration = options.duration === undefined ? TOAST_DURATIONS[kind] : options.duration;
  if (duration !== null)
    timers.set(
      id,
      setTimeout(() => dismiss(id), duration),
    );
  emit();
  return id;
}

type Options = { duration?: number | null };

export const toast = Object.assign((message: string, options?: Options) => show('default', message, options), {
  success: (message: string, options?: Options) => show('success', message, options),
  error: (message: string, options?: Options) => show('error', message, options),
  info: (message: string, options?: Options) => show('info', message, options),
  loading: (message: string, options?: Options) => show('loading', message, options),
  dismiss,
});

export const toastStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot(): readonly Toast[] {
    return toasts;
  },
};
