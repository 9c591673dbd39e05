/** Sign-up, sign-in, verification codes and password reset. */
import type { MessageResult } from './common';
import type { User } from './users';

export interface AuthSuccess {
  success: true;
  message: string;
  token: string;
  user: User;
}

export interface VerificationRequired {
  success: false;
  requiresVerification: true;
  message: string;
  userData: { userId: string; email: string; name: string; question: string };
}

/** `POST /api/auth/register`: the account exists but is not verified yet (no token). */
export interface RegisterResult {
  success: true;
  message: string;
  user: User;
}

export interface Challenge {
  challengeId: string;
  question: string;
}

export interface ForgotPasswordResult {
  success: true;
  message: string;
  userId: string;
  verificationQuestion: string;
}

export interface AvailableServices {
  success: true;
  services: { email: boolean; telegram: boolean };
}

/** POST /api/auth/register (the confirm-password field is checked by the client only, never sent). */
export interface RegisterRequest {
  name: string;
  email: string;
  phone: string;
  location: string;
  password: string;
  /** The id of GET /api/auth/challenge and the answer to its question. */
  challengeId: string;
  challengeAnswer: number;
  verificationMethod?: 'math';
}

/** POST /api/auth/login */
export interface LoginRequest {
  email: string;
  password: string;
}

/** Answer of POST /api/auth/login: a session, or the account still needs its code. */
export type LoginResult = AuthSuccess | VerificationRequired;

/** POST /api/auth/verify: the code sent to the account (userId from `VerificationRequired.userData`). */
export interface VerifyAccountRequest {
  userId: string;
  verificationCode: string;
}

/** POST /api/auth/forgot-password */
export interface ForgotPasswordRequest {
  email: string;
}

/** POST /api/auth/reset-password: `userId` is the handle forgot-password answered. */
export interface ResetPasswordRequest {
  userId: string;
  verificationAnswer: string;
  password: string;
}

/** POST /api/auth/admin-session (with the member's token): the console's panel password. */
export interface AdminSessionRequest {
  adminPassword: string;
}

/** POST /api/auth/admin-login */
export interface AdminLoginRequest extends LoginRequest, AdminSessionRequest {}

/** POST /api/otp/send-email-otp and /send-telegram-otp: the account's email (telegram: or its phone). */
export interface SendCodeRequest {
  identifier: string;
}

/** Answer of the OTP send calls. */
export interface CodeSentResult extends MessageResult {
  expiresInSeconds: number;
  resendAfterSeconds: number;
}

/** POST /api/otp/verify-otp */
export interface VerifyOtpRequest {
  identifier: string;
  otp: string;
  type: 'email' | 'telegram';
}

/** GET /api/auth/me: the signed-in member. */
export interface CurrentUserResult {
  success: true;
  user: User;
}
