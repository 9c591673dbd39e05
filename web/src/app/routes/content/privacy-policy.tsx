// Imported from its own module (not the feature's index) so each page stays its own lazy chunk.
import { PrivacyPolicyPage } from '@/features/content/components/privacy-policy-page';

export default PrivacyPolicyPage;
