import { AuctionDetailPage } from '@/features/auctions';

export default function AuctionDetailRoute() {
  return <AuctionDetailPage />;
}
