import { toast } from '@/components/ui/toast-store';
import { useConfirmArchivedDeal } from '@/features/archive';
import { ConfirmDealButton, DEAL_CONFIRMED, useConfirmDeal } from '@/features/messages';

/** «تأكيد الصفقة» in a row of the seller's or the winner's list, live or archived. */
export function DealConfirmAction({
  side,
  userId,
  auctionId,
  title,
  archived,
}: {
  side: 'winner' | 'seller';
  userId: string;
  auctionId: string;
  title: string;
  archived?: boolean;
}) {
  const live = useConfirmDeal(userId);
  const archive = useConfirmArchivedDeal(userId);
  const confirm = archived ? archive : live;
  // A failure was toasted by the API client (the server's message, else the deal's error text).
  return (
    <ConfirmDealButton
      side={side}
      title={title}
      size="sm"
      label="تأكيد الصفقة"
      ariaLabel={`تأكيد الصفقة: ${title}`}
      busy={confirm.isPending}
      onConfirm={() =>
        confirm.mutate(auctionId, { onSuccess: (result) => toast.success(result?.message || DEAL_CONFIRMED) })
      }
    />
  );
}
