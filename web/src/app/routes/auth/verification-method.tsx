import { VerificationMethodScreen } from '@/features/auth/components/verification-method-screen';

export default function VerificationMethodPage() {
  return <VerificationMethodScreen />;
}
