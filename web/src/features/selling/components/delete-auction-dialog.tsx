import { ConfirmDialog } from '@/components/ui/confirm-dialog';

export const DELETE_CONFIRM_TITLE = 'حذف المزاد';
export const DELETE_CONFIRM_MESSAGE = 'هل أنت متأكد من حذف هذا المزاد؟ لا يمكن التراجع عن هذا الإجراء.';

/** The seller's "delete this auction?" confirmation, on the auction page and the edit form. */
export function DeleteAuctionDialog({
  open,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      danger
      title={DELETE_CONFIRM_TITLE}
      message={DELETE_CONFIRM_MESSAGE}
      confirmLabel="نعم، احذف المزاد"
      cancelLabel="إلغاء"
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
