import {
  NoticeChannel,
  NotificationKind,
  type NoticeChannelChoices,
  type NotificationPreferences,
} from '../api/notifications';

/** The lead times a member may choose for "ending soon", in minutes (R-NOTICE-PREFERENCES). */
export const ENDING_SOON_LEAD_MINUTES = [5, 15, 60] as const;
export const DEFAULT_ENDING_SOON_LEAD_MINUTES = 15;

/** Only these kinds interrupt by default; the others wait in the bell (R-NOTICE-PREFERENCES). */
const INTERRUPTING: readonly NotificationKind[] = [
  NotificationKind.Outbid,
  NotificationKind.EndingSoon,
  NotificationKind.Won,
];

export const NOTICE_KINDS = Object.values(NotificationKind);
export const NOTICE_CHANNELS = Object.values(NoticeChannel);

/** Whether a kind travels by an outside channel when the member chose nothing. */
export function channelOnByDefault(kind: NotificationKind): boolean {
  return INTERRUPTING.includes(kind);
}

/** The full matrix: the member's stored choices over the defaults. */
export function resolvePreferences(stored: {
  channels?: Partial<Record<string, Partial<Record<string, boolean>>>>;
  endingSoonLeadMinutes?: number | null;
}): NotificationPreferences {
  const channels = {} as NoticeChannelChoices;
  for (const kind of NOTICE_KINDS) {
    channels[kind] = {} as Record<NoticeChannel, boolean>;
    for (const channel of NOTICE_CHANNELS)
      channels[kind][channel] = stored.channels?.[kind]?.[channel] ?? channelOnByDefault(kind);
  }
  return { channels, endingSoonLeadMinutes: stored.endingSoonLeadMinutes ?? DEFAULT_ENDING_SOON_LEAD_MINUTES };
}
