/**
 * Auctions: the admin list (search, status and category filters, sort, paging by the server),
 * one auction with its bids, the operator's delete, and the custom calls of the console (an
 * auction's chat, the auctions ending within the hour, the cancel of one bid).
 */
import { routes, type AdminAuctionsQuery, type Auction, type ChatMessage } from '@mazad/contracts';
import type { DeleteParams, GetListParams, GetManyReferenceParams, GetOneParams, Identifier } from 'react-admin';
import { call, callJson } from '../http';
import { byId, deleted, listQuery, listTotal, resourceProvider, withId } from '../resourceProvider';

async function list(params: GetListParams) {
  const { data: body, headers } = await call(routes.admin.auctions, [{}, listQuery<AdminAuctionsQuery>(params)]);
  return { data: body.auctions.map(withId), total: listTotal(body, headers) };
}

export const auctionsProvider = resourceProvider({
  getList: (_resource: string, params: GetListParams) => list(params),

  /** A seller's auctions: the list filtered by `sellerId`. */
  getManyReference: (_resource: string, params: GetManyReferenceParams) =>
    list({ ...params, filter: { ...params.filter, [params.target]: params.id } }),

  /** The whole auction with its bids. */
  async getOne(_resource: string, params: GetOneParams) {
    return { data: withId(await callJson(routes.auctions.get, [byId(params)])) };
  },

  delete: (_resource: string, params: DeleteParams) =>
    deleted(callJson(routes.admin.deleteAuction, [byId(params)]), params),

  /** Cancels one bid of an auction (POST /api/admin/bids/{id}/cancel { reason }, R-BID-OPERATOR-CANCEL). */
  cancelBid: (_resource: string, params: { id: Identifier; reason: string }) =>
    callJson(routes.admin.cancelBid, [byId(params)], { body: { reason: params.reason } }),

  /** The chat of a sold auction, as the operator reads it. */
  async getMessages(_resource: string, params: { id: Identifier }): Promise<ChatMessage[]> {
    return (await callJson(routes.admin.auctionMessages, [byId(params)])).messages;
  },

  /** Open auctions ending within the hour, soonest first. */
  async getEndingSoon(_resource: string): Promise<Auction[]> {
    const body = await callJson(routes.auctions.list, [{}, { timeFilter: '1hour', limit: 50 }]);
    return [...body.auctions].sort((a, b) => a.endTime.localeCompare(b.endTime));
  },
});
