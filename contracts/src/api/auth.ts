/** Sign-up, sign-in, verification codes and password reset. */
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
