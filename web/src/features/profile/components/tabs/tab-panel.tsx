import type { User } from '@mazad/contracts';
import type { ProfileTab } from '../../lib/tabs';
import { ArchivedUnsoldTab } from './archived-unsold-tab';
import { AuctionsTab } from './auctions-tab';
import { BidsTab } from './bids-tab';
import { ProfileTabPanel } from './profile-tab';
import { RatingsTab } from './ratings-tab';
import { UnsoldTab } from './unsold-tab';
import { WatchlistTab } from './watchlist-tab';
import { WonTab } from './won-tab';

/** The content of the profile's chosen tab (`?tab=`, R-PROFILE-TABS). */
export function TabPanel({ tab, user }: { tab: ProfileTab; user: User }) {
  switch (tab) {
    case 'profile':
      return <ProfileTabPanel user={user} />;
    case 'auctions':
      return <AuctionsTab userId={user._id} />;
    case 'bids':
      return <BidsTab userId={user._id} />;
    case 'watchlist':
      return <WatchlistTab />;
    case 'ratings':
      return <RatingsTab userId={user._id} />;
    case 'won':
      return <WonTab userId={user._id} />;
    case 'unsold':
      return <UnsoldTab userId={user._id} />;
    case 'archived-unsold':
      return <ArchivedUnsoldTab userId={user._id} />;
  }
}
