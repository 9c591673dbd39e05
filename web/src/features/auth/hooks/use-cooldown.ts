import { useCallback, useEffect, useState } from 'react';

/** A seconds countdown (e.g. the 60 s before a code may be sent again), ticking every second. */
export function useCooldown(initialSeconds: number) {
  const [seconds, setSeconds] = useState(initialSeconds);
  const active = seconds > 0;

  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setSeconds((s) => (s <= 1 ? 0 : s - 1)), 1000);
    return () => clearInterval(timer);
  }, [active]);

  const restart = useCallback((value: number = initialSeconds) => setSeconds(value), [initialSeconds]);
  return { seconds, active, restart };
}
