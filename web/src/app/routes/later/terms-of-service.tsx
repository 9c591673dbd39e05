import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function TermsOfServicePage() {
  return <PlaceholderPage title="شروط الخدمة" />;
}
