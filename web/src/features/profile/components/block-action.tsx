import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast-store';
import { useSession } from '@/features/auth';
import { useBlockMember } from '../api/block-member';
import { useBlockedMembers } from '../api/blocked-members';
import { useUnblockMember } from '../api/unblock-member';
import { BLOCK_CONFIRM_MESSAGE } from '../lib/messages';

/**
 * «حظر» / «إلغاء الحظر» on another member's public profile (R-BLOCK), for a signed-in visitor
 * only and never on their own profile. Blocking asks first; lifting a block does not.
 */
export function BlockAction({ memberId, name }: { memberId: string; name: string }) {
  const { user } = useSession();
  const ownId = user && user._id !== memberId ? user._id : undefined;
  if (!ownId) return null;
  return <BlockToggle ownId={ownId} memberId={memberId} name={name} />;
}

function BlockToggle({ ownId, memberId, name }: { ownId: string; memberId: string; name: string }) {
  const [asking, setAsking] = useState(false);
  const blocked = useBlockedMembers(ownId);
  const block = useBlockMember(ownId);
  const unblock = useUnblockMember(ownId);
  if (blocked.isPending) return null;
  const isBlocked = (blocked.data ?? []).some((member) => member.id === memberId);
  const busy = block.isPending || unblock.isPending;
  if (isBlocked) {
    return (
      <Button
        variant="secondary"
        size="sm"
        aria-busy={busy || undefined}
        aria-label={`إلغاء حظر ${name}`}
        onClick={() => !busy && unblock.mutate(memberId, { onSuccess: (r) => toast.success(r.message) })}
      >
        إلغاء الحظر
      </Button>
    );
  }
  return (
    <>
      <Button
        variant="danger"
        size="sm"
        aria-busy={busy || undefined}
        aria-label={`حظر ${name}`}
        onClick={() => !busy && setAsking(true)}
      >
        حظر
      </Button>
      <ConfirmDialog
        open={asking}
        title={`حظر ${name}؟`}
        message={BLOCK_CONFIRM_MESSAGE}
        confirmLabel="حظر"
        cancelLabel="إلغاء"
        danger
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          block.mutate(memberId, { onSuccess: (r) => toast.success(r.message) });
        }}
      />
    </>
  );
}
