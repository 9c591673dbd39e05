import { Query } from '@nestjs/cqrs';
import type { SearchHints } from '@mazad/contracts';

/** What an empty result of `search` (in `category`, if any) can offer instead (R-SEARCH). */
export class GetSearchHintsQuery extends Query<SearchHints> {
  constructor(
    readonly search: string,
    readonly category?: string,
  ) {
    super();
  }
}
