/** Operator-edited site content shown to members: the home page's welcome block and feature cards. */
export { SiteFeatures } from './components/site-features';
export { SiteWelcome } from './components/site-welcome';
export { useSiteContent } from './api/site-content';
