/** The channels a verification code can be sent by. */
export type OtpType = 'email' | 'telegram';

export const OTP_TYPES: readonly OtpType[] = ['email', 'telegram'];

export function isOtpType(value: unknown): value is OtpType {
  return value === 'email' || value === 'telegram';
}
