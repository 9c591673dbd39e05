/** Shapes shared by every area: party references, paging and plain confirmations. */

export interface PartyRef {
  _id: string;
  id: string;
  name: string;
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  hasNext: boolean;
  hasPrev: boolean;
}

/** Answers that only confirm (code sent, password updated, logged out everywhere). */
export interface MessageResult {
  success: true;
  message: string;
}

/** Answer of calls that only report success (DELETE /api/auctions/{id}). */
export interface SuccessResult {
  success: true;
  message: string;
}
