/**
 * "حفظ" on the auction page (docs/auctions.md, "Watchlist"): a toggle (aria-pressed) that adds
 * the auction to the member's watchlist or takes it out, with how many members watch it. A
 * visitor is sent to sign in. The state and count follow the server: the answer, the room's
 * watch_count and the member's own watchlist_changed (use-auction-room.ts, app/live).
 */
import { Button } from '@/components/ui/button';

export interface SaveButtonProps {
  watched: boolean;
  watchCount: number;
  signedIn: boolean;
  busy?: boolean;
  onToggle: (watched: boolean) => void;
  onLoginRequired: () => void;
}

export const watchersText = (count: number) => `يتابعه ${count}`;

export function SaveButton({
  watched,
  watchCount,
  signedIn,
  busy = false,
  onToggle,
  onLoginRequired,
}: SaveButtonProps) {
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-pressed={signedIn ? watched : undefined}
      // Busy, not disabled: a disabled button would drop the keyboard focus mid-save.
      aria-busy={busy || undefined}
      onClick={() => {
        if (!signedIn) onLoginRequired();
        else if (!busy) onToggle(!watched);
      }}
      title={signedIn ? undefined : 'سجّل الدخول لحفظ المزاد'}
    >
      <span aria-hidden="true">{watched ? '♥' : '♡'} </span>
      {watched ? 'محفوظ' : 'حفظ'}
      <span className="muted save-button__count">
        {' '}
        (<bdi dir="ltr">{watchCount}</bdi> متابع)
      </span>
    </Button>
  );
}
