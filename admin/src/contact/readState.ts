/**
 * Which contact messages this console has opened ("read"), kept in localStorage. Reading is a
 * per-operator view; "handled" is the shared state the server keeps.
 */
const KEY = 'mazad.contact.read';
const listeners = new Set<() => void>();
let cache: Set<string> | null = null;

function load(): Set<string> {
  if (cache) return cache;
  try {
    cache = new Set(JSON.parse(localStorage.getItem(KEY) ?? '[]') as string[]);
  } catch {
    cache = new Set();
  }
  return cache;
}

export function isRead(id: string): boolean {
  return load().has(id);
}

export function markRead(id: string): void {
  const read = load();
  if (read.has(id)) return;
  read.add(id);
  try {
    // The newest 500 are enough to tell what an operator has seen.
    localStorage.setItem(KEY, JSON.stringify([...read].slice(-500)));
  } catch {
    /* storage unavailable: read state lasts for this page */
  }
  queueMicrotask(() => listeners.forEach((l) => l()));
}

export function subscribeReadState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tests start from nothing read. */
export function resetReadState(): void {
  cache = null;
}
