import { Query } from '@nestjs/cqrs';
import type { Banner } from '@mazad/contracts';

/** Every banner, active or hidden, in display order (the admin's banner list). */
export class GetAllBannersQuery extends Query<Banner[]> {}
