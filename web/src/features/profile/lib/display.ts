/** Small display rules of the profile lists. */
import { AuctionStatus, LIMITS, normalizeAuctionStatus, PHONE_PATTERN, type Auction } from '@mazad/contracts';
import { z } from '@/lib/zod';
import * as m from './messages';

/** Short ids show the last 6 characters. */
export function shortId(id: string | null | undefined): string {
  return (id ?? '').slice(-6);
}

/** Edit is offered while the auction is active, without bids, and never edited. */
export function canEdit(auction: Pick<Auction, 'status' | 'bidCount' | 'hasBeenEdited'>): boolean {
  return (
    normalizeAuctionStatus(auction.status) === AuctionStatus.Active &&
    (auction.bidCount ?? 0) === 0 &&
    !auction.hasBeenEdited
  );
}

/** Confirm deal is offered on a sold auction not confirmed yet. */
export function canConfirmDeal(auction: Pick<Auction, 'status' | 'isDealConfirmed'>): boolean {
  return normalizeAuctionStatus(auction.status) === AuctionStatus.Sold && !auction.isDealConfirmed;
}

/** The profile edit form: name, phone and location required after trimming (R-PROFILE-OWNER). */
export const profileFormSchema = z.object({
  name: z.string().trim().min(1, m.NAME_REQUIRED).min(LIMITS.nameMin, m.NAME_TOO_SHORT).max(LIMITS.nameMax),
  phone: z.string().trim().min(1, m.PHONE_REQUIRED).max(LIMITS.phoneMax).regex(PHONE_PATTERN, m.PHONE_INVALID),
  location: z.string().trim().min(1, m.LOCATION_REQUIRED).max(LIMITS.locationMax),
});
export type ProfileFormValues = z.input<typeof profileFormSchema>;

export interface CredentialsValues {
  currentPassword: string;
  email: string;
  newPassword: string;
}

/**
 * The credentials form's checks, in this order, each a toast (R-PROFILE-OWNER): the current password,
 * then at least one change, then a session. Answers the request body or the toast text.
 */
export function checkCredentials(
  values: CredentialsValues,
  currentEmail: string,
  token: string | null,
):
  | { ok: true; body: { currentPassword: string; email?: string; newPassword?: string } }
  | { ok: false; message: string } {
  if (!values.currentPassword) return { ok: false, message: m.ENTER_CURRENT_PASSWORD };
  const email = values.email.trim();
  const emailChanged = email !== '' && email.toLowerCase() !== currentEmail.trim().toLowerCase();
  const newPassword = values.newPassword;
  if (!emailChanged && !newPassword) return { ok: false, message: m.CHANGE_SOMETHING };
  if (!token) return { ok: false, message: m.LOGIN_FIRST };
  if (emailChanged && !z.email().safeParse(email).success) return { ok: false, message: m.EMAIL_INVALID };
  if (newPassword && newPassword.length < LIMITS.passwordMin) return { ok: false, message: m.NEW_PASSWORD_TOO_SHORT };
  return {
    ok: true,
    body: {
      currentPassword: values.currentPassword,
      ...(emailChanged ? { email } : {}),
      ...(newPassword ? { newPassword } : {}),
    },
  };
}

/** The profile image upload's failure text (R-CLIENT-ERROR-TEXT): 401, 403, 413, then the server's message. */
export function profileImageErrorMessage(status: number, serverMessage?: string | null): string {
  if (status === 401) return m.IMAGE_SESSION_EXPIRED;
  if (status === 403) return m.IMAGE_FORBIDDEN;
  if (status === 413) return m.IMAGE_TOO_LARGE;
  return serverMessage?.trim() || m.IMAGE_UPLOAD_ERROR;
}
