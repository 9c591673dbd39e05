import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function PrivacyPolicyPage() {
  return <PlaceholderPage title="سياسة الخصوصية" />;
}
