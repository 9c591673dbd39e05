import { ApiErrors } from '../common/errors/api-error.dto';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { SiteBannerResult, SiteContentResult, SiteFeatureResult, SuccessResult } from '@mazad/contracts';
import { AdminOnly } from '../admin';
import { type AuthUser, CurrentUser } from '../auth';
import { SuccessResultDto } from '../auctions';
import { ParseIdPipe } from '../common/validation/parse-id.pipe';
import { CreateSiteFeatureCommand } from './commands/create-site-feature/create-site-feature.command';
import { DeleteSiteFeatureCommand } from './commands/delete-site-feature/delete-site-feature.command';
import { UpdateSiteBannerCommand } from './commands/update-site-banner/update-site-banner.command';
import { UpdateSiteFeatureCommand } from './commands/update-site-feature/update-site-feature.command';
import { SiteBannerResultDto, SiteContentResultDto, SiteFeatureResultDto } from './dto/content-responses.dto';
import { SiteFeatureFormDto, UpdateSiteBannerDto } from './dto/site-content-form.dto';
import { GetSiteContentQuery } from './queries/get-site-content/get-site-content.query';

/** The home page's main banner and feature cards: read by everyone, written by admins. */
@ApiTags('content')
@Controller('site-content')
export class SiteContentController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Main banner and feature cards',
    description:
      'Starts with a welcome banner and three features (secure auctions, easy payment, 24/7 support) until an admin edits them.',
  })
  @ApiOkResponse({ type: SiteContentResultDto })
  async get(): Promise<SiteContentResult> {
    return { success: true, ...(await this.queries.execute(new GetSiteContentQuery())) };
  }

  @Put('banner')
  @AdminOnly()
  @ApiOperation({
    summary: 'Replace the main banner (admin)',
    description: 'title required; subtitle and description optional (empty when missing).',
  })
  @ApiOkResponse({ type: SiteBannerResultDto })
  @ApiErrors('VALIDATION_ERROR naming the field', 'UNKNOWN_FIELD')
  async updateBanner(@Body() body: UpdateSiteBannerDto, @CurrentUser() actor: AuthUser): Promise<SiteBannerResult> {
    const banner = await this.commands.execute(
      new UpdateSiteBannerCommand(
        { title: body.title, subtitle: body.subtitle ?? '', description: body.description ?? '' },
        actor.id,
      ),
    );
    return { success: true, message: 'تم حفظ البانر الرئيسي بنجاح', banner };
  }

  @Post('features')
  @AdminOnly()
  @ApiOperation({
    summary: 'Add a feature card (admin)',
    description: 'icon, title and description are all required; the card goes last.',
  })
  @ApiCreatedResponse({ type: SiteFeatureResultDto })
  @ApiErrors('VALIDATION_ERROR naming the field', 'UNKNOWN_FIELD')
  async createFeature(@Body() body: SiteFeatureFormDto, @CurrentUser() actor: AuthUser): Promise<SiteFeatureResult> {
    const feature = await this.commands.execute(
      new CreateSiteFeatureCommand({ icon: body.icon, title: body.title, description: body.description }, actor.id),
    );
    return { success: true, message: 'تمت إضافة الميزة بنجاح', feature };
  }

  @Put('features/:id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Rewrite a feature card (admin)',
    description: 'icon, title and description are all required.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: SiteFeatureResultDto })
  @ApiErrors('VALIDATION_ERROR naming the field', 'UNKNOWN_FIELD', 'INVALID_ID', 'FEATURE_NOT_FOUND')
  async updateFeature(
    @Param('id', ParseIdPipe) id: string,
    @Body() body: SiteFeatureFormDto,
    @CurrentUser() actor: AuthUser,
  ): Promise<SiteFeatureResult> {
    const feature = await this.commands.execute(
      new UpdateSiteFeatureCommand(id, { icon: body.icon, title: body.title, description: body.description }, actor.id),
    );
    return { success: true, message: 'تم تحديث الميزة بنجاح', feature };
  }

  @Delete('features/:id')
  @HttpCode(HttpStatus.OK)
  @AdminOnly()
  @ApiOperation({ summary: 'Delete a feature card (admin)' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: SuccessResultDto })
  @ApiErrors('INVALID_ID', 'FEATURE_NOT_FOUND')
  async deleteFeature(@Param('id', ParseIdPipe) id: string, @CurrentUser() actor: AuthUser): Promise<SuccessResult> {
    await this.commands.execute(new DeleteSiteFeatureCommand(id, actor.id));
    return { success: true, message: 'تم حذف الميزة بنجاح' };
  }
}
