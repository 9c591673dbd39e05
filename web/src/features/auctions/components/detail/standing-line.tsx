/**
 * Under the price: where the member stands, live (lib/standing.ts) — «أنت صاحب أعلى مزايدة» in
 * green while they lead, «تم تجاوز مزايدتك» in red with the next amount to bid when someone
 * overtook them (a manual bid or a maximum) — and their own maximum, which only they receive
 * (R-MAX-BID). A polite live region: a change is announced once, as it happens.
 */
import type { MaxBid } from '@mazad/contracts';
import { Money } from '@/components/display';
import { STANDING_TEXT, type Standing } from '../../lib/standing';

export interface StandingLineProps {
  standing: Standing;
  /** The next amount to bid (offerState's suggestion). */
  nextBid: number;
  own: MaxBid | null;
  /** Takes the outbid member to the bid box. */
  onBid: () => void;
}

export function StandingLine({ standing, nextBid, own, onBid }: StandingLineProps) {
  return (
    <div className="standing" role="status" aria-live="polite" data-testid="standing" data-standing={standing ?? ''}>
      {standing === 'leading' && (
        <p className="standing__line standing__line--leading">
          <span aria-hidden="true">✓ </span>
          {STANDING_TEXT.leading}
        </p>
      )}
      {standing === 'outbid' && (
        <p className="standing__line standing__line--outbid">
          <span aria-hidden="true">! </span>
          {STANDING_TEXT.outbid} — المزايدة التالية <Money amount={nextBid} />{' '}
          <button type="button" className="link-button standing__action" onClick={onBid}>
            زايد الآن
          </button>
        </p>
      )}
      {own && (
        <p className="standing__own" data-testid="own-max-bid">
          حدك الأقصى: <Money amount={own.amount} />
          <span className="muted"> (لا يراه غيرك)</span>
        </p>
      )}
    </div>
  );
}
