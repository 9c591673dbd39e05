/** Where a notice leads in the web app; the same path a push notification opens (contracts). */
export { noticePath as noticeHref } from '@mazad/contracts';
