import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { SiteSettingsResult } from '@mazad/contracts';
import { SiteSettingsResponseDto } from './dto/site-settings-response.dto';
import { GetSiteSettingsQuery } from './queries/get-site-settings/get-site-settings.query';

@ApiTags('settings')
@Controller('settings')
export class SettingsController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({
    summary: 'Public site settings',
    description:
      'The configurable numbers (auction durations, anti-sniping extension, archive delays) and the operator contact details, so clients never hard-code them. No sign-in.',
  })
  @ApiOkResponse({ type: SiteSettingsResponseDto })
  async settings(): Promise<SiteSettingsResult> {
    return { success: true, ...(await this.queries.execute(new GetSiteSettingsQuery())) };
  }
}
