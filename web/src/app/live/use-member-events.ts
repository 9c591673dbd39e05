import type { ServerEventPayload } from '@mazad/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSocket } from '@/lib/socket';
import { MEMBER_EVENTS, staleReads, type MemberEvent } from './member-events';

/**
 * Mounted once for the signed-in member (the header): every per-member event invalidates the
 * reads it makes stale (`staleReads`), so /messages, the profile tabs and the archive follow a
 * sale, a deal confirmation or a rating made elsewhere without a reload.
 */
export function useMemberEvents(userId: string | undefined): void {
  const queryClient = useQueryClient();
  const socket = useSocket();
  useEffect(() => {
    if (!socket || !userId) return;
    const listeners = MEMBER_EVENTS.map((event) => {
      const listener = (payload: ServerEventPayload<MemberEvent>) => {
        if (typeof payload?.auctionId !== 'string') return;
        for (const queryKey of staleReads(event, payload, userId)) void queryClient.invalidateQueries({ queryKey });
      };
      socket.on(event, listener);
      return [event, listener] as const;
    });
    return () => {
      for (const [event, listener] of listeners) socket.off(event, listener);
    };
  }, [socket, userId, queryClient]);
}
