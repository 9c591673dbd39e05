/** /create-auction: the form, a multipart upload with progress, then the new auction's page. */
import { DEFAULT_AUCTION_DURATIONS } from '@mazad/contracts';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useSettings } from '@/lib/settings';
import { useCreateAuction } from '../api/create-auction';
import { EMPTY_FORM, toCreateFormData, valuesFromAuction } from '../lib/auction-form';
import { CREATE_ERROR, CREATE_SUCCESS } from '../lib/messages';
import { readRelistState } from '../lib/relist';
import { AuctionForm } from './auction-form';
import '../selling.css';

export function CreateAuctionPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const settings = useSettings();
  const create = useCreateAuction();

  if (settings.isPending) return <PageSpinner label="جارٍ تحميل النموذج…" />;
  // Without the server's list the usual durations are offered; the server still checks the choice.
  const durations = settings.data?.auctionDurations?.length
    ? settings.data.auctionDurations
    : DEFAULT_AUCTION_DURATIONS;
  const relist = readRelistState(location.state);

  return (
    <section className="page selling-page" aria-labelledby="create-auction-title">
      <header className="selling-page__header">
        <h1 id="create-auction-title">{relist ? 'إعادة عرض المزاد' : 'إنشاء مزاد جديد'}</h1>
        <p className="muted">أدخل تفاصيل المنتج وأضف صوره، وسيبدأ المزاد فور نشره.</p>
      </header>
      <div className="card selling-card">
        <AuctionForm
          mode="create"
          defaultValues={relist ? valuesFromAuction(relist, durations) : EMPTY_FORM}
          durations={durations}
          submitLabel="نشر المزاد"
          busyLabel="جارٍ رفع المزاد…"
          busy={create.isPending}
          progress={create.progress}
          onSubmit={async (values, images) => {
            const files = images.flatMap((image) => (image.file ? [image.file] : []));
            try {
              const auction = await create.mutateAsync(toCreateFormData(values, files));
              toast.success(CREATE_SUCCESS);
              navigate(paths.auction.getHref(auction._id));
            } catch (error) {
              toast.error(errorMessage(error, CREATE_ERROR));
              throw error; // the form puts the server's field messages at their fields
            }
          }}
        />
      </div>
    </section>
  );
}
