import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function PublicProfilePage() {
  return <PlaceholderPage title="الملف الشخصي للمستخدم" />;
}
