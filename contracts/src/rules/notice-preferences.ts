import {
  NoticeChannel,
  NotificationKind,
  type NoticeChannelChoices,
  type NotificationPreferences,
} from '../api/notifications';

/** The lead times a member may choose for "ending soon", in minutes (R-NOTICE-PREFERENCES). */
export const ENDING_SOON_LEAD_MINUTES = [5, 15, 60] as const;
export const DEFAULT_ENDING_SOON_LEAD_MINUTES = 15;

export const NOTICE_KINDS = Object.values(NotificationKind);
export const NOTICE_CHANNELS = Object.values(NoticeChannel);

/**
 * Which kinds interrupt, and by which channels, when the member chose nothing
 * (R-NOTICE-PREFERENCES); the others wait in the bell. A bidder hears at once of being outbid, of
 * the end coming and of winning, everywhere. The two sides of a sale hear of the sale and of the
 * other side's messages by e-mail and push: after a sale the next step is theirs, and a seller who
 * never opened the bell would not know that the buyer wrote (Telegram only when they turn it on).
 */
const DEFAULT_CHANNELS: Partial<Record<NotificationKind, readonly NoticeChannel[]>> = {
  [NotificationKind.Outbid]: NOTICE_CHANNELS,
  [NotificationKind.EndingSoon]: NOTICE_CHANNELS,
  [NotificationKind.Won]: NOTICE_CHANNELS,
  [NotificationKind.Sold]: [NoticeChannel.Email, NoticeChannel.Push],
  [NotificationKind.NewMessage]: [NoticeChannel.Email, NoticeChannel.Push],
};

/** Whether a kind travels by an outside channel when the member chose nothing. */
export function channelOnByDefault(kind: NotificationKind, channel: NoticeChannel): boolean {
  return DEFAULT_CHANNELS[kind]?.includes(channel) ?? false;
}

/**
 * The full matrix: the member's stored choices over the defaults. A stored choice always wins, so
 * a change of defaults reaches only what members never chose (the table stores choices, not
 * defaults: no migration moves them).
 */
export function resolvePreferences(stored: {
  channels?: Partial<Record<string, Partial<Record<string, boolean>>>>;
  endingSoonLeadMinutes?: number | null;
}): NotificationPreferences {
  const channels = {} as NoticeChannelChoices;
  for (const kind of NOTICE_KINDS) {
    channels[kind] = {} as Record<NoticeChannel, boolean>;
    for (const channel of NOTICE_CHANNELS)
      channels[kind][channel] = stored.channels?.[kind]?.[channel] ?? channelOnByDefault(kind, channel);
  }
  return { channels, endingSoonLeadMinutes: stored.endingSoonLeadMinutes ?? DEFAULT_ENDING_SOON_LEAD_MINUTES };
}
