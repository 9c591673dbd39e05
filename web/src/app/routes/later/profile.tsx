import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function ProfilePage() {
  return <PlaceholderPage title="الملف الشخصي" />;
}
