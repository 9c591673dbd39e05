/**
 * A time left as Arabic reads it (R-COUNTDOWN): «5 أيام و13 ساعة» while a day or more is left, a
 * ticking `hh:mm:ss` in the last day. Right-to-left text reorders a run of mixed numbers and words
 * by the bidirectional algorithm («يوماً 18:35:52 27» was the result of one left-to-right run), so
 * every part is its own isolate: each «number word» part right-to-left with its number isolated
 * left-to-right inside it, the clock one left-to-right isolate. The parts then follow each other
 * right to left in reading order wherever they are placed. `data-part` names them for the tests.
 */
import { Fragment } from 'react';
import { DURATION_AND, timeLeftParts } from '@/lib/format';
import { AUCTION_ENDED_TEXT } from '../lib/countdown';

export interface TimeLeftProps {
  remainingMs: number;
  /** What an ended time reads (default «انتهى المزاد»). */
  endedText?: string;
  className?: string;
}

export function TimeLeft({ remainingMs, endedText = AUCTION_ENDED_TEXT, className = '' }: TimeLeftProps) {
  const parts = timeLeftParts(remainingMs);
  if (parts.kind === 'ended') return <span className={`time-left ${className}`}>{endedText}</span>;
  if (parts.kind === 'clock') {
    return (
      <bdi dir="ltr" className={`time-left time-left--clock ${className}`} data-part="clock">
        {parts.clock}
      </bdi>
    );
  }
  return (
    <bdi dir="rtl" className={`time-left ${className}`}>
      {parts.units.map((unit, index) => (
        <Fragment key={index}>
          {index > 0 && ` ${DURATION_AND}`}
          <bdi dir="rtl" className="time-left__part" data-part={`unit-${index}`}>
            {unit.count !== null && (
              <>
                <bdi dir="ltr" className="time-left__count">
                  {unit.count}
                </bdi>{' '}
              </>
            )}
            <span className="time-left__word">{unit.word}</span>
          </bdi>
        </Fragment>
      ))}
    </bdi>
  );
}
