/**
 * «متابعة» on the auction page's photo (docs/auctions.md, "Watchlist"): a toggle (aria-pressed)
 * that adds the auction to the member's watchlist or takes it out, with its own word and an eye
 * (never «حفظ», which reads like saving a form), and how many members watch it. A visitor is sent
 * to sign in. The state and count follow the server: the answer, the room's watch_count and the
 * member's own watchlist_changed (use-auction-room.ts, app/live).
 */
import { Button } from '@/components/ui/button';
import { EyeIcon } from '../icons';
import { SIGN_IN_TO_WATCH, WATCH_LABEL, WATCHED_LABEL } from '../watch-words';

export interface WatchButtonProps {
  watched: boolean;
  watchCount: number;
  signedIn: boolean;
  busy?: boolean;
  className?: string;
  onToggle: (watched: boolean) => void;
  onLoginRequired: () => void;
}

export const watchersText = (count: number) => `يتابعه ${count}`;

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
      title={signedIn ? undefined : SIGN_IN_TO_WATCH}
    >
      <EyeIcon filled={watched && signedIn} />
      <span>{watched && signedIn ? WATCHED_LABEL : WATCH_LABEL}</span>{' '}
      <span className="watch-button__count">
        (<bdi dir="ltr">{watchCount}</bdi> متابع)
      </span>
    </Button>
  );
}
