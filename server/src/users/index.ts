/**
 * The public surface of the users feature: what other features may import (besides its
 * module file, events/*.event.ts and entities/). See server/.dependency-cruiser.cjs.
 */
export {
  type AccountExecutor,
  AccountStore,
  type NewAccount,
  type ProfileFields,
  type ProvidedAccount,
} from './store/account-store';
export { toUser } from './user.presenter';
