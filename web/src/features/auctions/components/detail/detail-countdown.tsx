import { formatEndDate, UNDEFINED_TIME } from '@/lib/format';
import { countdownColour } from '../../lib/countdown';
import { TimeLeft } from '../time-left';

export interface DetailCountdownProps {
  endTime: string | null | undefined;
  /** The server's clock (serverNow()). */
  now: number;
  /** A closed auction shows "انتهى المزاد" whatever its end time says. */
  open: boolean;
}

/**
 * Time left until the end, coloured red/orange/yellow as it runs out (R-COUNTDOWN), and the end
 * itself as a date («ينتهي الخميس 4 كانون الأول، 5:14 ص»: R-TIME-DISPLAY).
 */
export function DetailCountdown({ endTime, now, open }: DetailCountdownProps) {
  const end = endTime ? Date.parse(endTime) : Number.NaN;
  const valid = Number.isFinite(end);
  const remaining = valid && open ? end - now : 0;
  const colour = valid ? countdownColour(remaining) : 'ended';
  return (
    <div className={`detail-countdown detail-countdown--${colour}`}>
      <span className="detail-countdown__label">{remaining > 0 ? 'الوقت المتبقي' : 'حالة الوقت'}</span>
      {/* A timer is not announced every second; the value is there when read. */}
      <span className="detail-countdown__value" role="timer" aria-live="off" aria-atomic="true" data-testid="time-left">
        {!valid && open ? UNDEFINED_TIME : <TimeLeft remainingMs={remaining} />}
      </span>
      {valid && (
        <span className="detail-countdown__end" data-testid="end-date">
          {remaining > 0 ? 'ينتهي' : 'انتهى'} <time dateTime={endTime!}>{formatEndDate(end, now)}</time>
        </span>
      )}
    </div>
  );
}
