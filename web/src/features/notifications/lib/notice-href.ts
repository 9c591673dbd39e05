import type { NotificationLink } from '@mazad/contracts';
import { paths } from '@/config/paths';

/** Where a notice leads in the web app: the auction's page, its conversation, or the member's ratings. */
export function noticeHref(link: NotificationLink): string {
  switch (link.type) {
    case 'auction':
      return paths.auction.getHref(link.auctionId);
    case 'conversation':
      return paths.messages.getHref(link.auctionId);
    case 'profile':
      return paths.profile.getHref('ratings');
  }
}
