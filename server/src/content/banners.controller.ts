import { ApiErrors } from '../common/errors/api-error.dto';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { AdminBannersResult, BannerMutationResult, BannersResult, SuccessResult } from '@mazad/contracts';
import { AdminOnly } from '../admin';
import { type AuthUser, CurrentUser } from '../auth';
import { SuccessResultDto } from '../auctions';
import { ParseIdPipe } from '../common/validation/parse-id.pipe';
import { CreateBannerCommand } from './commands/create-banner/create-banner.command';
import { DeleteBannerCommand } from './commands/delete-banner/delete-banner.command';
import { UpdateBannerCommand } from './commands/update-banner/update-banner.command';
import { CreateBannerDto, UpdateBannerDto } from './dto/banner-form.dto';
import { BannersResultDto } from './dto/banner-responses.dto';
import { AdminBannersResultDto, BannerMutationResultDto } from './dto/content-responses.dto';
import { GetActiveBannersQuery } from './queries/get-active-banners/get-active-banners.query';
import { GetAllBannersQuery } from './queries/get-all-banners/get-all-banners.query';

/** Home page banners: the active ones for everyone; the whole list and every change for admins. */
@ApiTags('content')
@Controller('banners')
export class BannersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Active banners',
    description: 'Active banners only, ordered by `order`, then by creation time.',
  })
  @ApiOkResponse({ type: BannersResultDto })
  async active(): Promise<BannersResult> {
    return { success: true, banners: await this.queries.execute(new GetActiveBannersQuery()) };
  }

  @Get('admin')
  @AdminOnly()
  @ApiOperation({
    summary: 'Every banner (admin)',
    description: 'Active and hidden banners, by `order`, then by creation time.',
  })
  @ApiOkResponse({ type: AdminBannersResultDto })
  async all(): Promise<AdminBannersResult> {
    return { success: true, data: await this.queries.execute(new GetAllBannersQuery()) };
  }

  @Post()
  @AdminOnly()
  @ApiOperation({
    summary: 'Add a banner (admin)',
    description: 'text required (trimmed); link optional (empty means none); isActive defaults to true, order to 0.',
  })
  @ApiCreatedResponse({ type: BannerMutationResultDto })
  @ApiErrors('VALIDATION_ERROR naming the field (نص الإعلان مطلوب)', 'UNKNOWN_FIELD')
  async create(@Body() body: CreateBannerDto, @CurrentUser() actor: AuthUser): Promise<BannerMutationResult> {
    const data = await this.commands.execute(
      new CreateBannerCommand(
        { text: body.text, link: body.link, isActive: body.isActive, order: body.order },
        actor.id,
      ),
    );
    return { success: true, message: 'تمت إضافة الإعلان بنجاح', data };
  }

  @Put(':id')
  @AdminOnly()
  @ApiOperation({
    summary: 'Edit or toggle a banner (admin)',
    description:
      '`{ text, link? }` replaces the text and the link (no link removes it); `{ isActive }` shows or hides it; `{ order }` moves it.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: BannerMutationResultDto })
  @ApiErrors('VALIDATION_ERROR naming the field', 'UNKNOWN_FIELD', 'INVALID_ID', 'BANNER_NOT_FOUND')
  async update(
    @Param('id', ParseIdPipe) id: string,
    @Body() body: UpdateBannerDto,
    @CurrentUser() actor: AuthUser,
  ): Promise<BannerMutationResult> {
    const data = await this.commands.execute(
      new UpdateBannerCommand(
        id,
        { text: body.text, link: body.link, isActive: body.isActive, order: body.order },
        actor.id,
      ),
    );
    return { success: true, message: 'تم تحديث الإعلان بنجاح', data };
  }

  @Delete(':id')
  @HttpCode(HttpStatus.OK)
  @AdminOnly()
  @ApiOperation({ summary: 'Delete a banner (admin)' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: SuccessResultDto })
  @ApiErrors('INVALID_ID', 'BANNER_NOT_FOUND')
  async remove(@Param('id', ParseIdPipe) id: string, @CurrentUser() actor: AuthUser): Promise<SuccessResult> {
    await this.commands.execute(new DeleteBannerCommand(id, actor.id));
    return { success: true, message: 'تم حذف الإعلان بنجاح' };
  }
}
