import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function CreateAuctionPage() {
  return <PlaceholderPage title="إنشاء مزاد جديد" />;
}
