import { statSync } from 'node:fs';
import { join } from 'node:path';

/** How often the index.html is looked at again: a stat per request would sit on every API call. */
const RECHECK_MS = 1_000;

/**
 * A value derived from a front end's build (its index.html and what lies beside it), made once
 * and again when index.html changes: a rebuild while the server runs is picked up within a
 * second. `make` gets `false` when the folder holds no index.html.
 */
export function perBuild<T>(dir: string, make: (built: boolean) => T): () => T {
  let current: { stamp: number; value: T } | undefined;
  let checkedAt = 0;
  return () => {
    const now = Date.now();
    if (current && now - checkedAt < RECHECK_MS) return current.value;
    checkedAt = now;
    const stamp = dir === '' ? 0 : (statSync(join(dir, 'index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0);
    if (current?.stamp !== stamp) current = { stamp, value: make(stamp !== 0) };
    return current.value;
  };
}
