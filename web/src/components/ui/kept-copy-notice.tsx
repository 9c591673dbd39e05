/**
 * Over a list or page shown from the copy kept on the device (lib/query-persistence.ts) or from
 * an earlier read while the server cannot be reached: says so in a person's words, with how old
 * the copy is («آخر تحديث قبل 5 دقائق»). Nothing while the shown data is the server's latest.
 */
import { useEffect, useState } from 'react';
import { formatAgo } from '@/lib/format';

export const KEPT_COPY_TEXT = 'لا يوجد اتصال بالإنترنت. نعرض آخر ما تم تحميله.';

/** What the notice needs of a TanStack Query result. */
export interface ShownRead {
  data: unknown;
  dataUpdatedAt: number;
  fetchStatus: string;
  isError: boolean;
}

/** Data on screen that the last attempt could not refresh: paused offline, or failed. */
export const showsKeptCopy = (read: ShownRead) =>
  read.data !== undefined && (read.fetchStatus === 'paused' || read.isError);

/** The age is said again every 30 s while the notice is up. */
const TICK_MS = 30_000;

export function KeptCopyNotice({ read }: { read: ShownRead }) {
  const shown = showsKeptCopy(read);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!shown) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [shown]);
  if (!shown) return null;
  return (
    <p className="notice notice--warning kept-copy-notice" role="status" data-testid="kept-copy-notice">
      {KEPT_COPY_TEXT} <span className="kept-copy-notice__age">آخر تحديث {formatAgo(now - read.dataUpdatedAt)}</span>
    </p>
  );
}
