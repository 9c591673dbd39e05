/**
 * The offer to turn push on (R-PUSH-ASK): a small Arabic banner shown after a member's first
 * bid or watch, never on arrival. "تفعيل" asks the browser's permission (a click, as browsers
 * require) and subscribes; "ليس الآن" is remembered on this device.
 */
import { useEffect, useId, useRef, useState } from 'react';
import '../push.css';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { subscribeThisDevice } from '../api/push-device';
import { closePushOffer, declinePushOffer, usePushOffer } from '../lib/push-offer';

export function PushPrompt() {
  const open = usePushOffer();
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const enableRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open) enableRef.current?.focus();
  }, [open]);
  if (!open) return null;

  const enable = async () => {
    setBusy(true);
    try {
      if (await subscribeThisDevice()) toast.success('ستصلك الإشعارات على هذا الجهاز');
    } catch {
      /* refused by the browser or the server (the API client toasted the server's reason) */
    } finally {
      setBusy(false);
      closePushOffer();
    }
  };

  return (
    <div className="push-prompt card" role="dialog" aria-modal="false" aria-labelledby={titleId}>
      <p id={titleId} className="push-prompt__text">
        هل تريد أن نُعلمك عندما يتجاوز أحدٌ مزايدتك أو يقترب انتهاء مزاد تتابعه، حتى والموقع مغلق؟
      </p>
      <div className="push-prompt__actions">
        {/* A plain button: focus moves to it when the banner appears (Button takes no ref). */}
        <button
          ref={enableRef}
          type="button"
          className="btn btn--primary btn--sm"
          onClick={() => void enable()}
          disabled={busy}
        >
          تفعيل
        </button>
        <Button size="sm" variant="secondary" onClick={declinePushOffer} disabled={busy}>
          ليس الآن
        </Button>
      </div>
    </div>
  );
}
