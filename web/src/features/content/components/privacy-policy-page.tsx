import { PRIVACY_POLICY } from '../lib/legal-text';
import { LegalPage } from './legal-page';

export function PrivacyPolicyPage() {
  return <LegalPage title="سياسة الخصوصية" sections={PRIVACY_POLICY} />;
}
