import { PlaceholderPage } from '@/components/layout/placeholder-page';

export default function AboutPage() {
  return <PlaceholderPage title="من نحن" />;
}
