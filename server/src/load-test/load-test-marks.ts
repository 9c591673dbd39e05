/**
 * How load-test data is recognised. Members get all three marks; `npm run load:clean` removes
 * only accounts carrying both the source and the domain, and the auctions, bids, messages and
 * ratings that belong to them.
 */
export const LOAD_TEST_REGISTRATION_SOURCE = 'load-test';
/** Reserved by RFC 2606 (`.invalid`): no mail can ever reach these addresses. */
export const LOAD_TEST_EMAIL_DOMAIN = 'load-test.mazad.invalid';
/** Ends every load-test member's name and auction title, so they stand out in the console. */
export const LOAD_TEST_NAME_MARK = '(اختبار حمل)';
/** Deployments the fixtures may write to (DEPLOYMENT_KIND recorded in the database). */
export const DISPOSABLE_DEPLOYMENT_KINDS = ['development', 'load-test'] as const;
