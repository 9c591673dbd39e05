/**
 * «متابعة» on the auction page's photo (docs/auctions.md, "Watchlist"): a toggle (aria-pressed)
 * that adds the auction to the member's watchlist or takes it out, with its own word and an eye
 * (never «حفظ», which reads like saving a form), and how many members watch it. A visitor is sent
 * to sign in. The state and count follow the server: the answer, the room's watch_count and the
 * member's own watchlist_changed (use-auction-room.ts, app/live).
 */
import { Button } from '@/components/ui/button';

export interface WatchButtonProps {
  watched: boolean;
  watchCount: number;
  signedIn: boolean;
  busy?: boolean;
  className?: string;
  onToggle: (watched: boolean) => void;
  onLoginRequired: () => void;
}

export const WATCH_LABEL = 'متابعة';
export const WATCHED_LABEL = 'متابَع';

export const watchersText = (count: number) => `يتابعه ${count}`;

export function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
        fill={open ? 'currentColor' : 'none'}
        fillOpacity={open ? 0.2 : undefined}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3" fill={open ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

export function WatchButton({
  watched,
  watchCount,
  signedIn,
  busy = false,
  className,
  onToggle,
  onLoginRequired,
}: WatchButtonProps) {
  return (
    <Button
      variant="secondary"
      size="sm"
      className={className}
      aria-pressed={signedIn ? watched : undefined}
      // Busy, not disabled: a disabled button would drop the keyboard focus mid-change.
      aria-busy={busy || undefined}
      onClick={() => {
        if (!signedIn) onLoginRequired();
        else if (!busy) onToggle(!watched);
      }}
      title={signedIn ? undefined : 'سجّل الدخول لمتابعة المزاد'}
    >
      <EyeIcon open={watched && signedIn} />
      <span>{watched && signedIn ? WATCHED_LABEL : WATCH_LABEL}</span>{' '}
      <span className="watch-button__count">
        (<bdi dir="ltr">{watchCount}</bdi> متابع)
      </span>
    </Button>
  );
}
