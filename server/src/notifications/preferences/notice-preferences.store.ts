import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  resolvePreferences,
  type NoticeChannel,
  type NotificationKind,
  type NotificationPreferences,
} from '@mazad/contracts';
import { DataSource } from 'typeorm';

interface PreferencesRow {
  user_id: string;
  channels: Record<string, Record<string, boolean>>;
  ending_soon_lead_minutes: number | null;
}

/** A member's notice preferences: stored choices over contracts' defaults (R-NOTICE-PREFERENCES). */
@Injectable()
export class NoticePreferencesStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async of(userId: string): Promise<NotificationPreferences> {
    return (await this.ofMany([userId])).get(userId)!;
  }

  /** Every member's resolved preferences, defaults for those who stored none. */
  async ofMany(userIds: string[]): Promise<Map<string, NotificationPreferences>> {
    const rows: PreferencesRow[] = userIds.length
      ? await this.db.query(
          `SELECT user_id, channels, ending_soon_lead_minutes FROM notification_preferences
            WHERE user_id = ANY($1::uuid[])`,
          [userIds],
        )
      : [];
    const stored = new Map(rows.map((r) => [r.user_id, r]));
    return new Map(
      userIds.map((id) => {
        const row = stored.get(id);
        return [
          id,
          resolvePreferences({ channels: row?.channels, endingSoonLeadMinutes: row?.ending_soon_lead_minutes }),
        ];
      }),
    );
  }

  /** Whether the member linked Telegram (users.telegram_chat_id, the auth feature's binding). */
  async telegramLinked(userId: string): Promise<boolean> {
    const [row]: { linked: boolean }[] = await this.db.query(
      `SELECT telegram_chat_id IS NOT NULL AS linked FROM users WHERE id = $1`,
      [userId],
    );
    return row?.linked ?? false;
  }

  async save(userId: string, preferences: NotificationPreferences): Promise<NotificationPreferences> {
    await this.db.query(
      `INSERT INTO notification_preferences (user_id, channels, ending_soon_lead_minutes)
       VALUES ($1, $2::jsonb, $3)
       ON CONFLICT (user_id) DO UPDATE
         SET channels = EXCLUDED.channels, ending_soon_lead_minutes = EXCLUDED.ending_soon_lead_minutes,
             updated_at = now()`,
      [userId, JSON.stringify(preferences.channels), preferences.endingSoonLeadMinutes],
    );
    return this.of(userId);
  }

  /** Turns one kind's channel off, keeping the rest (the e-mail's unsubscribe link). Idempotent. */
  async turnOff(userId: string, kind: NotificationKind, channel: NoticeChannel): Promise<void> {
    await this.db.query(
      `INSERT INTO notification_preferences (user_id, channels)
       VALUES ($1, jsonb_build_object($2::text, jsonb_build_object($3::text, false)))
       ON CONFLICT (user_id) DO UPDATE
         SET channels = jsonb_set(
               notification_preferences.channels, ARRAY[$2::text],
               COALESCE(notification_preferences.channels -> $2::text, '{}') || jsonb_build_object($3::text, false)),
             updated_at = now()`,
      [userId, kind, channel],
    );
  }
}
