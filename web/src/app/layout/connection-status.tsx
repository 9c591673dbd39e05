import { useSocketStatus } from '@/lib/socket-connection';

export const RECONNECTING_TEXT = 'جارٍ إعادة الاتصال…';

/**
 * A small note at the bottom of the screen while the live connection is being retried (prices and
 * countdowns may lag meanwhile; the page is read again once it is back). The live region is
 * always present, so screen readers announce the text when it appears.
 */
export function ConnectionStatus() {
  const reconnecting = useSocketStatus() === 'reconnecting';
  return (
    <div className="connection-status" role="status" aria-live="polite">
      {reconnecting && (
        <span className="connection-status__note">
          <span className="connection-status__dot" aria-hidden="true" />
          {RECONNECTING_TEXT}
        </span>
      )}
    </div>
  );
}
