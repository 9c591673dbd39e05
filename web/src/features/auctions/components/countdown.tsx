import { memo } from 'react';
import { useServerNow } from '../hooks/use-server-now';
import { countdownColour, progressColour, progressPercent } from '../lib/countdown';
import { TimeLeft } from './time-left';

function remainingMs(endTime: string | null | undefined, now: number): number {
  const end = endTime ? Date.parse(endTime) : NaN;
  return Number.isNaN(end) ? 0 : end - now;
}

export interface CountdownProps {
  endTime: string | null | undefined;
  /** The server's clock (`useServerNow()`). */
  now: number;
  /** The card's bar: time left against 24 hours. */
  showProgress?: boolean;
  className?: string;
}

/**
 * Time left on the server's clock: red under 5 minutes, orange under 15, yellow under an hour
 * (R-COUNTDOWN), with an optional progress bar (colours at 50, 25 and 10 percent).
 */
export function Countdown({ endTime, now, showProgress, className }: CountdownProps) {
  const left = remainingMs(endTime, now);
  const colour = countdownColour(left);
  const percent = progressPercent(left);
  return (
    <div className={`countdown ${className ?? ''}`}>
      <p className={`countdown__text countdown--${colour}`}>
        <span className="countdown__label">{left > 0 ? 'الوقت المتبقي: ' : ''}</span>
        <TimeLeft remainingMs={left} className="countdown__value" />
      </p>
      {showProgress && (
        <div
          className="progress"
          role="progressbar"
          aria-label="الوقت المتبقي من 24 ساعة"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(percent)}
        >
          <span
            className={`progress__bar progress--${progressColour(percent)}`}
            style={{ inlineSize: `${percent}%` }}
          />
        </div>
      )}
    </div>
  );
}

/**
 * A countdown that reads the shared 1 s clock itself: only this text and bar re-render each
 * second, not the card or page around it.
 */
export const LiveCountdown = memo(function LiveCountdown(props: Omit<CountdownProps, 'now'>) {
  const now = useServerNow();
  return <Countdown {...props} now={now} />;
});
