import { Query } from '@nestjs/cqrs';
import type { Banner } from '@mazad/contracts';

/** The banners the home page rotates: active ones, by `order` then creation time. */
export class GetActiveBannersQuery extends Query<Banner[]> {}
