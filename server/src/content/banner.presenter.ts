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
