/**
 * One thread from several sources (the 3 s poll, the POST answer, `new-message` events, which
 * the server sends under two spellings): every message once, oldest first. A duplicate keeps
 * the best knowledge of both copies, so a read tick never goes back to unread.
 */
import type { ChatMessage, MessageReadPayload } from '@mazad/contracts';

const idOf = (m: ChatMessage) => m._id ?? m.id;

function combine(a: ChatMessage, b: ChatMessage): ChatMessage {
  const isRead = Boolean(a.isRead || b.isRead);
  return { ...a, ...b, isRead, readAt: b.readAt ?? a.readAt ?? null };
}

export function mergeMessages(
  current: readonly ChatMessage[] | undefined,
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const message of [...(current ?? []), ...incoming]) {
    const id = idOf(message);
    if (!id) continue;
    const known = byId.get(id);
    byId.set(id, known ? combine(known, message) : message);
  }
  return [...byId.values()].sort((a, b) => {
    const diff = new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime();
    return diff !== 0 ? diff : idOf(a).localeCompare(idOf(b));
  });
}

/** True when the message is already in the thread (a second delivery of the same event). */
export function hasMessage(thread: readonly ChatMessage[] | undefined, message: ChatMessage): boolean {
  const id = idOf(message);
  return Boolean(thread?.some((m) => idOf(m) === id));
}

/** Applies a `message_read` event: the listed messages get their read tick. */
export function markRead(
  thread: readonly ChatMessage[] | undefined,
  payload: MessageReadPayload,
): ChatMessage[] | undefined {
  if (!thread) return thread;
  const ids = new Set(payload.messageIds);
  let changed = false;
  const next = thread.map((m) => {
    if (!ids.has(idOf(m)) || m.isRead) return m;
    changed = true;
    return { ...m, isRead: true, readAt: payload.readAt ?? m.readAt };
  });
  return changed ? next : (thread as ChatMessage[]);
}
