/** Query keys of the auth screens. */
export const authKeys = {
  all: ['auth'] as const,
  challenge: () => [...authKeys.all, 'challenge'] as const,
  otpServices: () => [...authKeys.all, 'otp-services'] as const,
};
