import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function EditAuctionPage() {
  return <PlaceholderPage title="تعديل المزاد" />;
}
