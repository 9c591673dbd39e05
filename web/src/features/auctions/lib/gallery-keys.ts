/** Gallery keyboard: the arrow keys follow the right-to-left reading direction. */

/** +1 (next) or -1 (previous) for a key, in the right-to-left reading direction. */
export function stepForKey(key: string): 1 | -1 | null {
  if (key === 'ArrowLeft' || key === 'PageDown') return 1;
  if (key === 'ArrowRight' || key === 'PageUp') return -1;
  return null;
}

/** The index reached by a key press (wrapping around), or null when the key does nothing. */
export function indexForKey(key: string, index: number, count: number): number | null {
  if (count < 2) return null;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  const step = stepForKey(key);
  return step === null ? null : (index + step + count) % count;
}
