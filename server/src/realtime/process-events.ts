/**
 * The events processes send one another through the Socket.IO Redis adapter (`serverSideEmit`),
 * typed like the socket contract: the third type parameter of the gateway's server.
 */

/** Asks every other process for its share of an auction's audience (auction-audience.ts); each acknowledges. */
export const AUDIENCE_QUERY = 'auction_audience';

/** One process's part: the sockets it holds in the auction's room, and whether it sends `new_bid`. */
export interface AudienceShare {
  watchers: number;
  sendsBids: boolean;
}

export interface ProcessEvents {
  [AUDIENCE_QUERY]: (auctionId: string, answer: (share: AudienceShare) => void) => void;
}
