import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function AuctionsPage() {
  return <PlaceholderPage title="جميع المزادات" />;
}
