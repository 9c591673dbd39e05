import { describe, expect, it } from 'vitest';
import { NoticeChannel, NotificationKind } from '../api/notifications';
import { channelOnByDefault, DEFAULT_ENDING_SOON_LEAD_MINUTES, resolvePreferences } from './notice-preferences';

describe('notice preferences (R-NOTICE-PREFERENCES)', () => {
  it('by default a bidder is interrupted by outbid, ending soon and won on every channel', () => {
    for (const kind of [NotificationKind.Outbid, NotificationKind.EndingSoon, NotificationKind.Won])
      for (const channel of Object.values(NoticeChannel)) expect(channelOnByDefault(kind, channel)).toBe(true);
  });

  it('by default the sale and the other side’s messages come by e-mail and push, not Telegram', () => {
    for (const kind of [NotificationKind.Sold, NotificationKind.NewMessage]) {
      expect(resolvePreferences({}).channels[kind]).toEqual({ email: true, push: true, telegram: false });
    }
  });

  it('the rest wait in the bell', () => {
    for (const kind of [NotificationKind.NoSale, NotificationKind.DealConfirmed, NotificationKind.Rated])
      expect(resolvePreferences({}).channels[kind]).toEqual({ email: false, push: false, telegram: false });
    expect(resolvePreferences({}).endingSoonLeadMinutes).toBe(DEFAULT_ENDING_SOON_LEAD_MINUTES);
  });

  it('a member’s stored choice wins over the defaults, a kind they never chose takes them', () => {
    const resolved = resolvePreferences({ channels: { sold: { email: false }, new_message: { push: false } } });
    expect(resolved.channels.sold).toEqual({ email: false, push: true, telegram: false });
    expect(resolved.channels.new_message).toEqual({ email: true, push: false, telegram: false });
  });
});
