import { Injectable } from '@nestjs/common';
import { AppException } from '../../common/errors/app.exception';
import { TelegramService, TelegramUpdate } from '../../infrastructure/telegram/telegram.service';
import { AccountStore } from '../../users';
import type { UserEntity } from '../../users/entities/user.entity';
import { AccountsService } from '../accounts/accounts.service';
import { phoneSuffix } from '../accounts/identifiers';

/**
 * The chat that receives a member's Telegram codes. Bound once and stored in
 * users.telegram_chat_id: found in the bot's recent updates as a message in which the
 * sender shared their own contact (contact.user_id === from.id) whose phone matches the
 * account's phone (last 9 digits). A forwarded contact of someone else never binds.
 */
export function findChatForPhone(updates: TelegramUpdate[], phone: string): string | null {
  const wanted = phoneSuffix(phone);
  if (!wanted) return null;
  const matching = updates
    .filter((u) => {
      const m = u.message;
      return (
        m?.contact !== undefined &&
        m.from !== undefined &&
        m.contact.user_id !== undefined &&
        m.contact.user_id === m.from.id &&
        phoneSuffix(m.contact.phone_number) === wanted
      );
    })
    .sort((a, b) => b.update_id - a.update_id);
  return matching.length ? String(matching[0].message!.chat.id) : null;
}

@Injectable()
export class TelegramBindingService {
  constructor(
    private readonly telegram: TelegramService,
    private readonly accounts: AccountsService,
    private readonly store: AccountStore,
  ) {}

  /** The member's chat id (stored, or found now and stored), or null when none is bound. */
  async chatFor(user: UserEntity): Promise<string | null> {
    const stored = await this.accounts.telegramChatId(user.id);
    if (stored) return stored;
    let updates: TelegramUpdate[];
    try {
      updates = await this.telegram.getUpdates();
    } catch {
      throw new AppException('OTP_SEND_FAILED');
    }
    const chatId = findChatForPhone(updates, user.phone);
    if (chatId) await this.store.linkTelegram(user.id, chatId);
    return chatId;
  }
}
