import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useBlockedMembers } from '../api/blocked-members';
import { useUnblockMember } from '../api/unblock-member';
import { Avatar } from './avatar';
import { DataTable } from './data-table';
import { EmptyState } from './empty-state';
import { Actions, Loading } from './tabs/list-parts';

/**
 * «الأعضاء المحظورون» in the member's own profile (R-BLOCK): whom they blocked, most recently
 * first, each with «إلغاء الحظر». Blocking is done from the other member's public profile.
 */
export function BlockedMembers({ userId }: { userId: string }) {
  const blocked = useBlockedMembers(userId);
  const unblock = useUnblockMember(userId);
  return (
    <section className="card profile-stack" aria-labelledby="blocked-members-title">
      <h2 id="blocked-members-title" className="profile-subtitle">
        الأعضاء المحظورون
      </h2>
      {blocked.isPending ? (
        <Loading />
      ) : !blocked.data?.length ? (
        <EmptyState>لم تحظر أي عضو. يمكنك حظر عضو من صفحته الشخصية.</EmptyState>
      ) : (
        <DataTable
          label="الأعضاء المحظورون"
          hideCaption
          columns={['العضو', 'تاريخ الحظر', 'الإجراءات']}
          rows={blocked.data.map((member) => ({
            key: member.id,
            cells: [
              <Link to={paths.publicProfile.getHref(member.id)} className="profile-member-link">
                <Avatar name={member.name} src={member.profileImage} size={32} /> {member.name}
              </Link>,
              formatDateTime(member.blockedAt),
              <Actions>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-busy={(unblock.isPending && unblock.variables === member.id) || undefined}
                  aria-label={`إلغاء حظر ${member.name}`}
                  onClick={() =>
                    !unblock.isPending && unblock.mutate(member.id, { onSuccess: (r) => toast.success(r.message) })
                  }
                >
                  إلغاء الحظر
                </Button>
              </Actions>,
            ],
          }))}
        />
      )}
    </section>
  );
}
