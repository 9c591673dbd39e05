import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function ArchivePage() {
  return <PlaceholderPage title="أرشيف المزادات" />;
}
