import { TERMS_OF_SERVICE } from '../lib/legal-text';
import { LegalPage } from './legal-page';

export function TermsOfServicePage() {
  return <LegalPage title="شروط الخدمة" sections={TERMS_OF_SERVICE} />;
}
