import { memo } from 'react';
import { useServerNow } from '../../hooks/use-server-now';
import { TimeLeft } from '../time-left';

/** A time left that reads the shared 1 s clock itself, so only it re-renders every second. */
export const LiveTimeLeft = memo(function LiveTimeLeft({
  endTime,
  className,
}: {
  endTime: string;
  className?: string;
}) {
  const now = useServerNow();
  const end = Date.parse(endTime);
  return (
    <span className={className} role="timer" aria-live="off">
      <TimeLeft remainingMs={Number.isFinite(end) ? end - now : 0} />
    </span>
  );
});
