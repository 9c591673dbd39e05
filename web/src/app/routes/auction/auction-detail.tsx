import { AuctionDetailPage } from '@/features/auction-detail/components/auction-detail-page';

export default function AuctionDetailRoute() {
  return <AuctionDetailPage />;
}
