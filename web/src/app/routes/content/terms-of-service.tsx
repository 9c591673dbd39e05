// Imported from its own module (not the feature's index) so each page stays its own lazy chunk.
import { TermsOfServicePage } from '@/features/content/components/terms-of-service-page';

export default TermsOfServicePage;
