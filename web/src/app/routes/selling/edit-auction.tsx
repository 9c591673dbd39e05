import { EditAuctionPage } from '@/features/selling/components/edit-auction-page';

export default function EditAuctionRoute() {
  return <EditAuctionPage />;
}
