import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { SiteStats } from '@mazad/contracts';
import { SiteStatsDto } from './dto/auction-responses.dto';
import { GetSiteStatsQuery } from './queries/get-site-stats/get-site-stats.query';

@ApiTags('auctions')
@Controller('stats')
export class SiteStatsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({
    summary: 'Home page statistics',
    description:
      'Total, open and sold auctions and total bids of the live site; deleted and archived auctions excluded.',
  })
  @ApiOkResponse({ type: SiteStatsDto })
  async stats(): Promise<SiteStats> {
    return this.queries.execute(new GetSiteStatsQuery());
  }
}
