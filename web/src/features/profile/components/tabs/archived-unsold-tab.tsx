import { categoryLabel } from '@mazad/contracts';
import { Money } from '@/components/display';
import { formatDateTime } from '@/lib/format';
import { useArchivedUnsold } from '../../api/archived';
import { DataTable } from '../data-table';
import { EmptyState } from '../empty-state';
import { Actions, Count, Loading, RelistLink } from './list-parts';

/** «غير المباعة المؤرشفة»: the member's archived unsold auctions, each offered for re-listing. */
export function ArchivedUnsoldTab({ userId }: { userId: string }) {
  const { data, isPending } = useArchivedUnsold(userId);
  if (isPending) return <Loading />;
  if (!data?.length) return <EmptyState>لا توجد مزادات غير مباعة في الأرشيف.</EmptyState>;
  return (
    <DataTable
      label="المزادات غير المباعة المؤرشفة"
      columns={[
        'العنوان',
        'الفئة',
        'السعر النهائي',
        'إجمالي المزايدات',
        'المشاهدات',
        'تاريخ الأرشفة',
        'الرسائل',
        'الإجراءات',
      ]}
      rows={data.map((item) => ({
        key: item._id,
        cells: [
          item.title,
          categoryLabel(item.category),
          <Money amount={item.finalPrice} />,
          <Count value={item.totalBids} />,
          <Count value={item.viewCount} />,
          formatDateTime(item.archivedAt),
          <Count value={item.messageCount ?? item.messages?.length} />,
          // No "messages" action: chat exists only between the seller and the winner of a sold
          // auction, so an unsold one has no conversation to open.
          <Actions>
            <RelistLink auction={item} />
          </Actions>,
        ],
      }))}
    />
  );
}
