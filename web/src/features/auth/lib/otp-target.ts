/** Where the verification code went: kept in navigation state and in localStorage (reloads). */
import { storage, storageKeys } from '@/lib/storage';
import { isOtpType, type OtpType } from './otp-type';

export interface OtpTarget {
  identifier: string;
  type: OtpType;
}

export function saveOtpTarget(target: OtpTarget): void {
  storage.set(storageKeys.otpIdentifier, target.identifier);
  storage.set(storageKeys.otpType, target.type);
}

export function clearOtpTarget(): void {
  storage.remove(storageKeys.otpIdentifier);
  storage.remove(storageKeys.otpType);
}

/** From navigation state first, then localStorage; null when neither holds a usable pair. */
export function resolveOtpTarget(state: unknown): OtpTarget | null {
  const fromState = state as Partial<OtpTarget> | null | undefined;
  if (fromState?.identifier && isOtpType(fromState.type))
    return { identifier: fromState.identifier, type: fromState.type };
  const identifier = storage.get(storageKeys.otpIdentifier);
  const type = storage.get(storageKeys.otpType);
  if (identifier && isOtpType(type)) return { identifier, type };
  return null;
}

export const OTP_METHOD_LABELS: Record<OtpType, string> = {
  email: 'البريد الإلكتروني',
  telegram: 'تيليجرام',
};
