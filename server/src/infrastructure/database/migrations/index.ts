/**
 * Every migration, in order. Listed explicitly (not globbed) so the same list works from
 * TypeScript sources in tests and from compiled JavaScript in production.
 */
import { Users1732250000000 } from './1732250000000-users';
import { AuctionsAndBids1732260000000 } from './1732260000000-auctions-and-bids';
import { MessagesAndRatings1732270000000 } from './1732270000000-messages-and-ratings';
import { ArchiveAndContent1732280000000 } from './1732280000000-archive-and-content';
import { ContactMessages1795468196109 } from './1795468196109-contact-messages';
import { DeploymentKind1795600000000 } from './1795600000000-deployment-kind';
import { BidIdempotencyKeys1795700000000 } from './1795700000000-bid-idempotency-keys';
import { UploadedImages1795830000000 } from './1795830000000-uploaded-images';
import { RevokedTokens1795840000000 } from './1795840000000-revoked-tokens';
import { LoadTestMembers1795900000000 } from './1795900000000-load-test-members';
import { AuctionWatches1796000000000 } from './1796000000000-auction-watches';
import { MaxBids1796100000000 } from './1796100000000-max-bids';
import { Notifications1796200000000 } from './1796200000000-notifications';
import { StandingBidAmounts1796230000000 } from './1796230000000-standing-bid-amounts';
import { PushSubscriptions1796300000000 } from './1796300000000-push-subscriptions';
import { NotificationPreferences1796350000000 } from './1796350000000-notification-preferences';
import { EndingSoonStages1796400000000 } from './1796400000000-ending-soon-stages';
import { BidCancellations1796450000000 } from './1796450000000-bid-cancellations';
import { DeploymentIdentity1796500000000 } from './1796500000000-deployment-identity';
import { SearchWords1796520000000 } from './1796520000000-search-words';
import { JordanMobilePhones1796530000000 } from './1796530000000-jordan-mobile-phones';
import { AuditLog1796560000000 } from './1796560000000-audit-log';
import { MemberBlocks1796600000000 } from './1796600000000-member-blocks';

export const MIGRATIONS = [
  Users1732250000000,
  AuctionsAndBids1732260000000,
  MessagesAndRatings1732270000000,
  ArchiveAndContent1732280000000,
  ContactMessages1795468196109,
  DeploymentKind1795600000000,
  BidIdempotencyKeys1795700000000,
  UploadedImages1795830000000,
  RevokedTokens1795840000000,
  LoadTestMembers1795900000000,
  AuctionWatches1796000000000,
  MaxBids1796100000000,
  Notifications1796200000000,
  StandingBidAmounts1796230000000,
  PushSubscriptions1796300000000,
  NotificationPreferences1796350000000,
  EndingSoonStages1796400000000,
  BidCancellations1796450000000,
  DeploymentIdentity1796500000000,
  SearchWords1796520000000,
  JordanMobilePhones1796530000000,
  AuditLog1796560000000,
  MemberBlocks1796600000000,
];
