import { PrivacyPolicyPage } from '@/features/content';

export default PrivacyPolicyPage;
