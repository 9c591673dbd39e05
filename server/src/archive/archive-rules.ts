import type { AuthUser } from '../auth';
import { isAdminSession } from '../auctions';
import { AppException } from '../common/errors/app.exception';

/** A member's archive is theirs alone (an admin session may read any): 403 ARCHIVE_FORBIDDEN. */
export function assertArchiveReader(viewer: AuthUser, userId: string): void {
  if (viewer.id !== userId && !isAdminSession(viewer)) throw new AppException('ARCHIVE_FORBIDDEN');
}
