import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function AnnouncementDetailsPage() {
  return <PlaceholderPage title="تفاصيل الإعلان" />;
}
