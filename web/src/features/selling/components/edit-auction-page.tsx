/**
 * /edit-auction/{id}: the form prefilled, the one-edit warning, new images uploaded one by one
 * before the update, delete with confirmation, cancel back to the auction. An auction this member
 * may not edit (partyActions: not the seller, not active or past its end, bids, already edited)
 * answers with the server's text in a toast and the home page; a missing one with the fetch error.
 */
import { DEFAULT_AUCTION_DURATIONS, partyActions } from '@mazad/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, ButtonLink } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { useDeleteAuction } from '@/features/auctions';
import { useSession } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { serverNow } from '@/lib/server-time';
import { useSettings } from '@/lib/settings';
import { useAuctionToEdit } from '../api/get-auction-to-edit';
import { useUpdateAuction } from '../api/update-auction';
import { toUpdateRequest, valuesFromAuction } from '../lib/auction-form';
import { DELETE_SUCCESS, EDIT_FETCH_ERROR, EDIT_ONCE_WARNING, UPDATE_ERROR, UPDATE_SUCCESS } from '../lib/messages';
import { AuctionForm } from './auction-form';
import { DeleteAuctionDialog } from './delete-auction-dialog';
import '../selling.css';

export function EditAuctionPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const settings = useSettings();
  const auction = useAuctionToEdit(id);
  const update = useUpdateAuction(id);
  const remove = useDeleteAuction(id);
  const [confirming, setConfirming] = useState(false);
  // Once sent away, stay away (and toast once, also under StrictMode's double effects).
  const leaving = useRef(false);
  // After a successful save the refetched auction is "already edited": that is no refusal.
  const saved = useRef(false);

  const refusal =
    auction.data && !saved.current
      ? (partyActions(auction.data, user, serverNow()).editRefusal?.message ?? null)
      : null;
  const failed = auction.isError;

  useEffect(() => {
    if (leaving.current || (!failed && !refusal)) return;
    leaving.current = true;
    toast.error(failed ? EDIT_FETCH_ERROR : refusal!);
    navigate(paths.home.getHref(), { replace: true });
  }, [failed, refusal, navigate]);

  if (auction.isPending || settings.isPending || failed || refusal || !auction.data) {
    return <PageSpinner label="جارٍ تحميل بيانات المزاد…" />;
  }

  const data = auction.data;
  const configured: readonly string[] = settings.data?.auctionDurations?.length
    ? settings.data.auctionDurations
    : DEFAULT_AUCTION_DURATIONS;
  // The auction's own duration stays selectable even if the deployment no longer offers it.
  const durations = configured.includes(data.auctionDuration) ? configured : [...configured, data.auctionDuration];
  const busy = update.isPending || remove.isPending;

  return (
    <section className="page selling-page" aria-labelledby="edit-auction-title">
      <header className="selling-page__header">
        <h1 id="edit-auction-title">تعديل المزاد</h1>
        <p className="muted">
          <bdi>{data.title}</bdi>
        </p>
      </header>
      <Notice tone="warning">{EDIT_ONCE_WARNING}</Notice>
      <div className="card selling-card">
        <AuctionForm
          key={data._id}
          mode="edit"
          defaultValues={valuesFromAuction(data, durations)}
          initialImages={data.images?.length ? data.images : data.imageUrl ? [data.imageUrl] : []}
          durations={durations}
          submitLabel="حفظ التعديلات"
          busyLabel="جارٍ حفظ التعديلات…"
          busy={update.isPending}
          progress={update.progress}
          onSubmit={async (values, images) => {
            const kept = images.flatMap((image) => (image.file ? [] : [image.src]));
            const files = images.flatMap((image) => (image.file ? [image.file] : []));
            const { images: _ignored, ...body } = toUpdateRequest(values, []);
            try {
              const result = await update.mutateAsync({ kept, files, body });
              saved.current = true;
              toast.success(result?.message || UPDATE_SUCCESS);
              navigate(paths.auction.getHref(id));
            } catch (error) {
              toast.error(errorMessage(error, UPDATE_ERROR));
              throw error; // the form puts the server's field messages at their fields
            }
          }}
          actions={
            <>
              <ButtonLink to={paths.auction.getHref(id)} variant="secondary" size="lg">
                إلغاء
              </ButtonLink>
              <Button
                variant="danger"
                size="lg"
                disabled={busy}
                loading={remove.isPending}
                onClick={() => setConfirming(true)}
              >
                حذف المزاد
              </Button>
            </>
          }
        />
      </div>
      <DeleteAuctionDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate(undefined, {
            onSuccess: (result) => {
              leaving.current = true;
              toast.success(result?.message || DELETE_SUCCESS);
              navigate(paths.home.getHref(), { replace: true });
            },
          });
        }}
      />
    </section>
  );
}
