import { PublicProfilePage } from '@/features/profile/components/public-profile-page';

export default function PublicProfileRoute() {
  return <PublicProfilePage />;
}
