import {
  ENDING_SOON_LEAD_MINUTES,
  NOTICE_CHANNELS,
  NOTICE_KINDS,
  type NoticeChannel,
  type NotificationKind,
  type NotificationPreferences,
} from '@mazad/contracts';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api-client';
import { PREFERENCES_SAVE_ERROR, useNotificationPreferences, useSaveNotificationPreferences } from '../api/preferences';

export const KIND_LABELS: Record<NotificationKind, string> = {
  outbid: 'تجاوز مزايدتي',
  ending_soon: 'مزاد على وشك الانتهاء',
  won: 'الفوز بمزاد',
  sold: 'بيع مزادي',
  no_sale: 'انتهاء مزادي دون بيع',
  new_message: 'رسالة جديدة',
  deal_confirmed: 'تأكيد صفقة',
  rated: 'تقييم جديد',
  bid_cancelled: 'إلغاء الإدارة مزايدتي',
};

export const CHANNEL_LABELS: Record<NoticeChannel, string> = {
  email: 'البريد الإلكتروني',
  telegram: 'تيليجرام',
  push: 'إشعارات المتصفح',
};

export const PREFERENCES_SAVED = 'تم حفظ إعدادات الإشعارات';

/**
 * The profile's "الإشعارات" settings: per kind, which outside channels deliver it (the bell
 * always has them), and how long before the end "ending soon" comes. `pushStatus` is the slot
 * the Web Push feature fills (its permission and subscription state); empty without it.
 */
export function NotificationSettings({ userId, pushStatus }: { userId: string; pushStatus?: ReactNode }) {
  const titleId = useId();
  const query = useNotificationPreferences(userId);
  const save = useSaveNotificationPreferences(userId);
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  useEffect(() => {
    if (query.data) setDraft(query.data.preferences);
  }, [query.data]);

  const toggle = (kind: NotificationKind, channel: NoticeChannel, on: boolean) =>
    setDraft((d) => d && { ...d, channels: { ...d.channels, [kind]: { ...d.channels[kind], [channel]: on } } });
  const submit = () => {
    if (!draft) return;
    save.mutate(draft, {
      onSuccess: () => toast.success(PREFERENCES_SAVED),
      onError: (error) => toast.error(errorMessage(error, PREFERENCES_SAVE_ERROR)),
    });
  };

  return (
    <section className="card profile-section" aria-labelledby={titleId}>
      <h2 id={titleId}>الإشعارات</h2>
      <p>تصلك كل الإشعارات في الجرس داخل مزاد؛ اختر ما يصلك منها أيضاً خارج الموقع.</p>
      {query.isError && <p role="alert">تعذر تحميل إعدادات الإشعارات</p>}
      {draft && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <table className="notification-settings">
            <caption className="visually-hidden">القنوات لكل نوع من الإشعارات</caption>
            <thead>
              <tr>
                <th scope="col">النوع</th>
                {NOTICE_CHANNELS.map((channel) => (
                  <th scope="col" key={channel}>
                    {CHANNEL_LABELS[channel]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {NOTICE_KINDS.map((kind) => (
                <tr key={kind}>
                  <th scope="row">{KIND_LABELS[kind]}</th>
                  {NOTICE_CHANNELS.map((channel) => (
                    <td key={channel}>
                      <input
                        type="checkbox"
                        aria-label={`${KIND_LABELS[kind]}: ${CHANNEL_LABELS[channel]}`}
                        checked={draft.channels[kind][channel]}
                        onChange={(event) => toggle(kind, channel, event.target.checked)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {!query.data?.telegramLinked && (
            <p>لن تصلك رسائل تيليجرام قبل ربط حسابك: أرسل جهة اتصالك إلى بوت مزاد على تيليجرام من رقم هاتف حسابك.</p>
          )}
          {pushStatus}
          <label>
            تنبيه الانتهاء قبل
            <select
              value={draft.endingSoonLeadMinutes}
              onChange={(event) => setDraft({ ...draft, endingSoonLeadMinutes: Number(event.target.value) })}
            >
              {ENDING_SOON_LEAD_MINUTES.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {minutes} دقيقة
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" disabled={save.isPending}>
            حفظ إعدادات الإشعارات
          </Button>
        </form>
      )}
    </section>
  );
}
