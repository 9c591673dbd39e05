import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function AuctionDetailPage() {
  return <PlaceholderPage title="تفاصيل المزاد" />;
}
