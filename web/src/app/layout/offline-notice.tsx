import { useNetworkStatus } from '@/lib/network-status';

export const OFFLINE_TEXT = 'أنت غير متصل بالإنترنت. الأسعار والمزايدات لا تتحدّث حتى يعود الاتصال.';
export const SHELL_TEXT = 'تعذّر الوصول إلى مزاد، فهذه نسخة محفوظة على جهازك دون أسعار أو مزايدات.';
export const RETRY_TEXT = 'إعادة المحاولة';

/**
 * A bar under the header while the app has no network, or was opened from the service worker's
 * offline shell (lib/network-status.ts). The live region is always present, so screen readers
 * announce the text when it appears; it goes by itself when the network is back.
 */
export function OfflineNotice() {
  const { status, retry } = useNetworkStatus();
  return (
    <div className="offline-notice" role="status" aria-live="polite">
      {status !== 'online' && (
        <p className="offline-notice__bar">
          {status === 'offline' ? OFFLINE_TEXT : SHELL_TEXT}
          {status === 'shell' && (
            <button type="button" className="btn btn--sm" onClick={retry}>
              {RETRY_TEXT}
            </button>
          )}
        </p>
      )}
    </div>
  );
}
