/** Members: public and own profiles, profile edits, credentials and the profile stats. */

export interface PublicUser {
  _id: string;
  id: string;
  name: string;
  location: string;
  profileImage: string | null;
  createdAt: string;
}

/** The signed-in user's own view (and admins'): adds contact details and flags. */
export interface User extends PublicUser {
  email: string;
  phone: string;
  isVerified: boolean;
  isAdmin: boolean;
}

/** GET /api/users/{id}: public fields for everyone; the owner (and an admin session) get `User`. */
export interface UserResult {
  success: true;
  user: PublicUser | User;
}

/** PUT /api/users/{id} */
export interface UpdateProfileRequest {
  name: string;
  phone: string;
  location: string;
}

export interface UpdateProfileResult {
  success: true;
  message: string;
  user: User;
}

/** PUT /api/users/change-credentials: at least one of a changed email or a new password. */
export interface ChangeCredentialsRequest {
  currentPassword: string;
  email?: string;
  newPassword?: string;
}

/**
 * A fresh token: a password change retires every older token of the account. A new email is
 * not applied yet: a code was sent to it (`pendingEmail`); POST /api/users/confirm-email-change
 * with that code makes the change.
 */
export interface ChangeCredentialsResult {
  success: true;
  message: string;
  token: string;
  user: User;
  /** Set when a new email awaits its confirmation code. */
  pendingEmail?: string;
}

/** POST /api/users/confirm-email-change: the 6-digit code sent to the new email. */
export interface ConfirmEmailChangeRequest {
  code: string;
}

export interface ConfirmEmailChangeResult {
  success: true;
  message: string;
  user: User;
}

/** PUT /api/users/profile-image (multipart field `profileImage`). */
export interface ProfileImageResult {
  success: true;
  message: string;
  user: User;
  /** Relative URL such as `/uploads/<random>.webp`, served by the API origin. */
  profileImage: string;
}

/** GET /api/users/{id}/stats (deleted auctions never count). */
export interface UserStats {
  totalAuctions: number;
  activeAuctions: number;
  soldAuctions: number;
  unsoldAuctions: number;
  /** Bids the member placed. */
  totalBids: number;
  wonAuctions: number;
}

export interface UserStatsResult extends UserStats {
  success: true;
}
