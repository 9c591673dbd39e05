import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { BannersResult } from '@mazad/contracts';
import { BannersResultDto } from './dto/banner-responses.dto';
import { GetActiveBannersQuery } from './queries/get-active-banners/get-active-banners.query';

/** Public side of the home page banners (the admin side comes with the operator console). */
@ApiTags('content')
@Controller('banners')
export class BannersController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({ summary: 'Active banners', description: 'Active banners only, ordered by `order`, then by creation time.' })
  @ApiOkResponse({ type: BannersResultDto })
  async active(): Promise<BannersResult> {
    return { success: true, banners: await this.queries.execute(new GetActiveBannersQuery()) };
  }
}
