import { useSyncExternalStore } from 'react';
import { toast, toastStore, type ToastKind } from './toast-store';

const ICONS: Record<ToastKind, string> = { default: 'ℹ', info: 'ℹ', success: '✓', error: '!', loading: '' };

/**
 * Renders the toasts at the top centre, oldest first. The list is a polite live region;
 * errors are alerts, so screen readers announce them at once.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  return (
    <div className="toaster" aria-live="polite" aria-relevant="additions text">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast--${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span className="toast__icon" aria-hidden="true">
            {t.kind === 'loading' ? <span className="spinner spinner--small" /> : ICONS[t.kind]}
          </span>
          <span className="toast__message">{t.message}</span>
          <button type="button" className="toast__close" onClick={() => toast.dismiss(t.id)} aria-label="إغلاق الإشعار">
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
