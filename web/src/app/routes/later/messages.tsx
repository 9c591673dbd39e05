import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function MessagesPage() {
  return <PlaceholderPage title="الرسائل" />;
}
