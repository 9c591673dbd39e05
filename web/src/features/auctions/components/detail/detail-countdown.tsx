import { countdownColour, formatRemaining } from '../../lib/countdown';
import { UNDEFINED_TIME } from '@/lib/format';

export interface DetailCountdownProps {
  endTime: string | null | undefined;
  /** The server's clock (serverNow()). */
  now: number;
  /** A closed auction shows "انتهى المزاد" whatever its end time says. */
  open: boolean;
}

/** Time left until the end, coloured red/orange/yellow as it runs out (R-COUNTDOWN). */
export function DetailCountdown({ endTime, now, open }: DetailCountdownProps) {
  const end = endTime ? Date.parse(endTime) : Number.NaN;
  const valid = Number.isFinite(end);
  const remaining = valid && open ? end - now : 0;
  const colour = valid ? countdownColour(remaining) : 'ended';
  const text = !valid && open ? UNDEFINED_TIME : formatRemaining(remaining);
  return (
    <div className={`detail-countdown detail-countdown--${colour}`}>
      <span className="detail-countdown__label">{remaining > 0 ? 'الوقت المتبقي' : 'حالة الوقت'}</span>
      {/* A timer is not announced every second; the value is there when read. */}
      <span className="detail-countdown__value" role="timer" aria-live="off" aria-atomic="true">
        <bdi dir={remaining > 0 ? 'ltr' : undefined}>{text}</bdi>
      </span>
    </div>
  );
}
