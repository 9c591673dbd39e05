/**
 * The profile's control of push on this device: on (subscribed here) or off. Shown only where
 * the browser supports push and the server has it on.
 */
import { useEffect, useId, useState } from 'react';
import '../push.css';
import { toast } from '@/components/ui/toast-store';
import { currentSubscription, pushSupported, subscribeThisDevice, unsubscribeThisDevice } from '../api/push-device';

type State = 'loading' | 'on' | 'off' | 'blocked' | 'unsupported';

export function PushSettings() {
  const [state, setState] = useState<State>(() => (pushSupported() ? 'loading' : 'unsupported'));
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const hintId = useId();

  useEffect(() => {
    if (!pushSupported()) return;
    let live = true;
    void currentSubscription()
      .then((sub) => live && setState(sub ? 'on' : Notification.permission === 'denied' ? 'blocked' : 'off'))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  if (state === 'unsupported' || state === 'loading') return null;

  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      if (on) {
        const subscribed = await subscribeThisDevice();
        setState(subscribed ? 'on' : Notification.permission === 'denied' ? 'blocked' : 'off');
        if (subscribed) toast.success('ستصلك الإشعارات على هذا الجهاز');
      } else {
        await unsubscribeThisDevice();
        setState('off');
        toast.success('أوقفت الإشعارات على هذا الجهاز');
      }
    } catch {
      /* the API client toasted the server's reason; the state stays as it was */
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card profile-section push-settings" aria-labelledby={titleId}>
      <h2 id={titleId}>إشعارات المتصفح</h2>
      <label className="push-settings__switch">
        <input
          type="checkbox"
          role="switch"
          checked={state === 'on'}
          disabled={busy || state === 'blocked'}
          aria-describedby={hintId}
          onChange={(event) => void toggle(event.target.checked)}
        />
        <span>إشعارات على هذا الجهاز</span>
      </label>
      <p id={hintId} className="push-settings__hint">
        {state === 'blocked'
          ? 'الإشعارات محظورة لهذا الموقع في إعدادات المتصفح؛ اسمح بها هناك ثم عد إلى هنا.'
          : 'تنبيه فوري عند تجاوز مزايدتك أو اقتراب انتهاء مزاد أو فوزك، حتى والموقع مغلق.'}
      </p>
    </section>
  );
}
