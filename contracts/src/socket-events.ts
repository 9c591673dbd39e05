/** Socket.IO event names. Both spellings of the room events are honoured by the server. */
export const SocketEvents = {
  JoinAuction: 'join_auction',
  JoinAuctionAlt: 'join-auction',
  LeaveAuction: 'leave_auction',
  LeaveAuctionAlt: 'leave',
  NewBid: 'new_bid',
  AuctionUpdated: 'auction_updated',
  AuctionEnded: 'auction_ended',
  AuctionBought: 'auction_bought',
  NewAuction: 'new-auction',
  Outbid: 'outbid',
  NewMessage: 'new_message',
  NewMessageAlt: 'new-message',
  MessageRead: 'message_read',
  Error: 'error',
} as const;

export const auctionRoom = (auctionId: string) => `auction:${auctionId}`;
export const userRoom = (userId: string) => `user:${userId}`;
