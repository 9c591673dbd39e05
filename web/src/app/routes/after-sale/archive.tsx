import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth';
import { ArchivePage } from '@/features/archive';

/** /archive (behind RequireAuth): the signed-in member's archive. */
export default function ArchiveRoute() {
  const { user } = useSession();
  return user ? <ArchivePage user={user} /> : <PageSpinner />;
}
