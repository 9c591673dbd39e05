import { AuctionStatus, ErrorCode } from '@mazad/contracts';
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

/**
 * The precise reason an edit is refused, in the order a member can act on: missing, not
 * theirs, no longer active (or past its end), has bids, already edited. Passes when editable.
 */
export function assertEditable(
  auction: AuctionEntity | null,
  actor: AuthUser,
  now: Date,
): asserts auction is AuctionEntity {
  if (!auction || auction.status === AuctionStatus.Deleted) throw new AppException('AUCTION_NOT_FOUND');
  if (auction.sellerId !== actor.id) throw new AppException('NOT_AUCTION_OWNER');
  if (auction.status !== AuctionStatus.Active || auction.endTime.getTime() <= now.getTime()) {
    throw new AppException('AUCTION_NOT_EDITABLE');
  }
  if (auction.bidCount > 0) throw new AppException('AUCTION_HAS_BIDS');
  if (auction.hasBeenEdited) throw new AppException('AUCTION_ALREADY_EDITED');
}

/** Why a seller may not delete: missing, not theirs, has bids, sold (buy-now without bids). */
export function assertDeletableBySeller(
  auction: AuctionEntity | null,
  actor: AuthUser,
): asserts auction is AuctionEntity {
  if (!auction || auction.status === AuctionStatus.Deleted) throw new AppException('AUCTION_NOT_FOUND');
  if (auction.sellerId !== actor.id) {
    throw new AppException('NOT_AUCTION_OWNER', { message: 'لا يمكنك حذف مزاد لا تملكه' });
  }
  if (auction.bidCount > 0) throw new AppException('AUCTION_HAS_BIDS');
  if (auction.winnerId) throw new AppException('AUCTION_NOT_DELETABLE');
}
