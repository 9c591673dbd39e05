import { TermsOfServicePage } from '@/features/content';

export default TermsOfServicePage;
