import { ApiErrors } from '../common/errors/api-error.dto';
import { Body, Controller, Get, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AnnouncementResult, AnnouncementUpdateResult } from '@mazad/contracts';
import { AdminOnly } from '../admin';
import { type AuthUser, CurrentUser } from '../auth';
import { SaveAnnouncementCommand } from './commands/save-announcement/save-announcement.command';
import { AnnouncementResultDto, AnnouncementUpdateResultDto } from './dto/content-responses.dto';
import { UpdateAnnouncementDto } from './dto/announcement-form.dto';
import { GetAnnouncementQuery } from './queries/get-announcement/get-announcement.query';

/** The announcement page: read by everyone (the page shows it when isActive), saved by admins. */
@ApiTags('content')
@Controller('announcement-content')
export class AnnouncementController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Announcement page content',
    description:
      '`data` is null until an admin saves one. Answered whether active or not (the editor loads it too); the page shows it when isActive.',
  })
  @ApiOkResponse({ type: AnnouncementResultDto })
  async get(): Promise<AnnouncementResult> {
    return { success: true, data: await this.queries.execute(new GetAnnouncementQuery()) };
  }

  @Put()
  @AdminOnly()
  @ApiOperation({
    summary: 'Save the announcement page (admin)',
    description:
      "title required; missing optional fields become empty (isActive defaults to true). _id, createdAt and updatedAt sent back from a loaded copy are ignored. Uploaded images (/uploads/…) must be the announcement's already or uploaded by this admin and used nowhere else; images dropped from the list are deleted.",
  })
  @ApiOkResponse({ type: AnnouncementUpdateResultDto })
  @ApiErrors('VALIDATION_ERROR naming the field', 'UNKNOWN_FIELD', 'IMAGE_NOT_OWNED')
  async save(@Body() body: UpdateAnnouncementDto, @CurrentUser() admin: AuthUser): Promise<AnnouncementUpdateResult> {
    const schedule = body.scheduleInfo ?? {};
    const data = await this.commands.execute(
      new SaveAnnouncementCommand(
        {
          title: body.title,
          description: body.description ?? '',
          images: body.images ?? [],
          scheduleInfo: {
            date: schedule.date ?? '',
            startTime: schedule.startTime ?? '',
            endTime: schedule.endTime ?? '',
            details: schedule.details ?? '',
          },
          additionalInfo: body.additionalInfo ?? '',
          isActive: body.isActive ?? true,
        },
        admin.id,
      ),
    );
    return { success: true, message: 'تم حفظ محتوى صفحة الإعلان بنجاح', data };
  }
}
