import type { Banner } from '@mazad/contracts';
import type { BannerEntity } from './entities/banner.entity';

export function toBanner(b: BannerEntity): Banner {
  return {
    _id: b.id,
    id: b.id,
    text: b.text,
    link: b.link,
    isActive: b.isActive,
    order: b.order,
    createdAt: b.createdAt.toISOString(),
  };
}

/** What an operator changes on a banner, as its audit entry shows it (R-AUDIT-LOG). */
export function bannerFields(b: BannerEntity): Pick<Banner, 'text' | 'link' | 'isActive' | 'order'> {
  return { text: b.text, link: b.link, isActive: b.isActive, order: b.order };
}
