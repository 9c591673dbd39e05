/**
 * The console's data provider: one provider per resource (its folder's `dataProvider.ts`),
 * combined by react-admin's `combineDataProviders`, which routes every call, custom methods
 * included, by its first argument, the resource name: `dataProvider.setPassword('users', …)`.
 */
import { combineDataProviders, type DataProvider } from 'react-admin';
import { auctionsProvider } from './auctions/dataProvider';
import { auditLogProvider } from './audit/dataProvider';
import { bannersProvider } from './banners/dataProvider';
import { contactMessagesProvider } from './contact/dataProvider';
import { announcementProvider, siteBannerProvider, siteFeaturesProvider } from './content/dataProvider';
import { statsProvider } from './dashboard/dataProvider';
import { unsupportedProvider, type CustomMethods } from './resourceProvider';
import { usersProvider } from './users/dataProvider';

const providers = {
  users: usersProvider,
  auctions: auctionsProvider,
  banners: bannersProvider,
  'contact-messages': contactMessagesProvider,
  stats: statsProvider,
  'site-content': siteBannerProvider,
  'site-features': siteFeaturesProvider,
  announcement: announcementProvider,
  'audit-log': auditLogProvider,
};

export type ResourceName = keyof typeof providers;

/** The combined provider's type: react-admin's methods and the resources' custom ones. */
export interface MazadDataProvider
  extends
    DataProvider,
    CustomMethods<typeof usersProvider>,
    CustomMethods<typeof auctionsProvider>,
    CustomMethods<typeof statsProvider>,
    CustomMethods<typeof announcementProvider> {}

/** Each provider's records are its resource's own types, react-admin's methods are generic: one cast, here. */
export const dataProvider = combineDataProviders(
  (resource) => (providers[resource as ResourceName] ?? unsupportedProvider) as unknown as DataProvider,
) as MazadDataProvider;
