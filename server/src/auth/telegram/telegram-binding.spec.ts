import type { TelegramUpdate } from '../../infrastructure/telegram/telegram.service';
import { findChatForPhone } from './telegram-binding.service';

const contactUpdate = (
  updateId: number,
  chatId: number,
  fromId: number,
  contactUserId: number | undefined,
  phone: string,
): TelegramUpdate => ({
  update_id: updateId,
  message: { chat: { id: chatId }, from: { id: fromId }, contact: { phone_number: phone, user_id: contactUserId } },
});

describe('findChatForPhone', () => {
  it('binds the chat of a member who shared their own contact with a matching phone', () => {
    const updates = [contactUpdate(1, 555, 42, 42, '962791234567')];
    expect(findChatForPhone(updates, '+962 79 123 4567')).toBe('555');
    expect(findChatForPhone(updates, '0791234567')).toBe('555');
  });

  it("ignores someone else's forwarded contact, contacts without a user id and other phones", () => {
    expect(findChatForPhone([contactUpdate(1, 555, 42, 43, '962791234567')], '0791234567')).toBeNull();
    expect(findChatForPhone([contactUpdate(1, 555, 42, undefined, '962791234567')], '0791234567')).toBeNull();
    expect(findChatForPhone([contactUpdate(1, 555, 42, 42, '962781234567')], '0791234567')).toBeNull();
    expect(
      findChatForPhone([{ update_id: 2, message: { chat: { id: 1 }, from: { id: 1 } } }], '0791234567'),
    ).toBeNull();
  });

  it('prefers the latest matching update and needs 9 digits on both sides', () => {
    const updates = [contactUpdate(5, 777, 42, 42, '+962791234567'), contactUpdate(3, 555, 42, 42, '962791234567')];
    expect(findChatForPhone(updates, '0791234567')).toBe('777');
    expect(findChatForPhone(updates, '4567')).toBeNull();
  });
});
