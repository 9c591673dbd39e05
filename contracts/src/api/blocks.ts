/** Members a member blocked (R-BLOCK, docs/accounts.md "Blocking a member"). */

/** PUT and DELETE /api/users/{id}/block: the state after the call, the same answer when repeated. */
export interface BlockResult {
  success: true;
  message: string;
  userId: string;
  blocked: boolean;
}

/** A member the signed-in member blocked, as their list shows it. */
export interface BlockedMember {
  id: string;
  name: string;
  profileImage: string | null;
  /** When the block was made (ISO). */
  blockedAt: string;
}

/** GET /api/users/me/blocks: the members one blocked, most recently blocked first. */
export interface BlocksResult {
  success: true;
  members: BlockedMember[];
}
