import { editRefusal, ErrorCode, NOT_OWNER_DELETE_MESSAGE, sellerDeleteRefusal } from '@mazad/contracts';
import type { AuthUser } from '../auth';
import { AppException } from '../common/errors/app.exception';
import type { AppConfig } from '../config/app-config';
import type { AuctionEntity } from './entities/auction.entity';

/** A 400 that names the offending field, in the same shape as the validation pipe's errors. */
export function fieldError(field: string, message: string, code: ErrorCode = 'VALIDATION_ERROR'): AppException {
  return new AppException(code, { errors: [{ field, message }], message });
}

/** Seconds of a configured `auctionDuration` (AUCTION_DURATIONS), or 400 naming the field. */
export function durationSeconds(config: AppConfig, duration: string): number {
  const seconds = config.auctionDurations.get(duration);
  if (seconds === undefined) throw fieldError('auctionDuration', 'مدة المزاد غير صالحة');
  return seconds;
}

/** Admin powers over auctions need an admin-login token, as the admin API does. */
export function isAdminSession(user: AuthUser | undefined): boolean {
  return !!user && user.isAdmin && user.adminSession;
}

/** Throws the refusal of an edit (contracts' editRefusal, the order a member can act on); passes when editable. */
export function assertEditable(
  auction: AuctionEntity | null,
  actor: AuthUser,
  now: Date,
): asserts auction is AuctionEntity {
  const code = editRefusal(auction, actor.id, now);
  if (code) throw new AppException(code);
}

/** Throws why a seller may not delete (contracts' sellerDeleteRefusal): missing, not theirs, has bids, sold. */
export function assertDeletableBySeller(
  auction: AuctionEntity | null,
  actor: AuthUser,
): asserts auction is AuctionEntity {
  const code = sellerDeleteRefusal(auction, actor.id);
  if (code) throw new AppException(code, code === 'NOT_AUCTION_OWNER' ? { message: NOT_OWNER_DELETE_MESSAGE } : {});
}
