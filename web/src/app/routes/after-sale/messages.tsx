import { PageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/features/auth';
import { MessagesPage } from '@/features/messages';

/** /messages (behind RequireAuth): the chat of the signed-in member. */
export default function MessagesRoute() {
  const { user } = useSession();
  return user ? <MessagesPage user={user} /> : <PageSpinner />;
}
