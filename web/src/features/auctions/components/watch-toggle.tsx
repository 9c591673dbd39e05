/**
 * «متابعة» on a card (docs/auctions.md, "Watchlist"): a toggle (aria-pressed) that adds the
 * auction to the member's watchlist or takes it out, through the watchlist's API. Its state is
 * the list page's "which of these do I watch" read (`useWatching`), kept by the save's answer
 * and by `watchlist_changed` from the member's other devices. A visitor is sent to sign in.
 */
import { useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { useWatchMutation } from '../api';
import { EyeIcon } from './icons';
import { SIGN_IN_TO_WATCH, WATCH_LABEL } from './watch-words';

export interface WatchToggleProps {
  auctionId: string;
  title: string;
  signedIn: boolean;
  /** Watched or not; undefined while unknown (it shows as not watched). */
  watched: boolean | undefined;
}

export function WatchToggle({ auctionId, title, signedIn, watched }: WatchToggleProps) {
  const navigate = useNavigate();
  const mutation = useWatchMutation(auctionId);
  const pressed = watched === true;
  return (
    <button
      type="button"
      className={`watch-toggle${pressed ? ' watch-toggle--on' : ''}`}
      aria-pressed={signedIn ? pressed : undefined}
      // Busy, not disabled: a disabled button would drop the keyboard focus mid-save.
      aria-busy={mutation.isPending || undefined}
      aria-label={`${WATCH_LABEL}: ${title}`}
      title={signedIn ? (pressed ? 'إلغاء المتابعة' : 'أضِف إلى قائمة المتابعة') : SIGN_IN_TO_WATCH}
      onClick={() => {
        if (!signedIn) {
          toast.info(SIGN_IN_TO_WATCH);
          void navigate(paths.login.getHref());
        } else if (!mutation.isPending) mutation.mutate(!pressed);
      }}
    >
      <EyeIcon filled={pressed} />
      <span className="watch-toggle__text">{WATCH_LABEL}</span>
    </button>
  );
}
