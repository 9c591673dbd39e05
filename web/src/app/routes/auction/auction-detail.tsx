// The page's own module, not the feature's index: through the index, this lazy route would load
// the home and all-auctions screens (and the selling form) with it.
import { AuctionDetailPage } from '@/features/auctions/routes/auction-detail-page';

export default function AuctionDetailRoute() {
  return <AuctionDetailPage />;
}
