import { CreateAuctionPage } from '@/features/selling/components/create-auction-page';

export default function CreateAuctionRoute() {
  return <CreateAuctionPage />;
}
