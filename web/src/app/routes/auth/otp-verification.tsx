import { OtpVerificationScreen } from '@/features/auth/components/otp-verification-screen';

export default function OtpVerificationPage() {
  return <OtpVerificationScreen />;
}
