import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { ContactMessage, ContactMessagesResult, SuccessResult } from '@mazad/contracts';
import { AdminOnly } from '../admin';
import { type AuthUser, CurrentUser } from '../auth';
import { ApiErrors } from '../common/errors/api-error.dto';
import { ParseIdPipe } from '../common/validation/parse-id.pipe';
import { DeleteContactMessageCommand } from './commands/delete-contact-message/delete-contact-message.command';
import { UpdateContactMessageCommand } from './commands/update-contact-message/update-contact-message.command';
import { CONTACT_PAGE_DEFAULT, ContactMessagesQueryDto, UpdateContactMessageDto } from './dto/contact-queries.dto';
import { ContactMessageMutationDto, ContactMessagesResultDto, ContactSentDto } from './dto/contact-responses.dto';
import { ListContactMessagesQuery } from './queries/list-contact-messages/list-contact-messages.query';

/** The console's contact inbox (admin-login token required). */
@ApiTags('admin')
@AdminOnly()
@Controller('admin/contact-messages')
export class AdminContactMessagesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'Contact messages',
    description: 'Newest first, paged, with the total; `handled` keeps only handled or unhandled ones.',
  })
  @ApiOkResponse({ type: ContactMessagesResultDto })
  @ApiErrors('VALIDATION_ERROR naming the parameter', 'UNKNOWN_FIELD')
  async list(@Query() query: ContactMessagesQueryDto): Promise<ContactMessagesResult> {
    const page = query.page ?? 1;
    const limit = query.limit ?? CONTACT_PAGE_DEFAULT;
    const result = await this.queries.execute(new ListContactMessagesQuery({ page, limit, handled: query.handled }));
    return { success: true, ...result, page, limit };
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Mark a contact message handled or not' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: ContactMessageMutationDto })
  @ApiErrors('VALIDATION_ERROR (handled)', 'UNKNOWN_FIELD', 'INVALID_ID', 'CONTACT_MESSAGE_NOT_FOUND')
  async update(
    @Param('id', ParseIdPipe) id: string,
    @Body() body: UpdateContactMessageDto,
    @CurrentUser() actor: AuthUser,
  ): Promise<SuccessResult & { data: ContactMessage }> {
    const data = await this.commands.execute(new UpdateContactMessageCommand(id, body.handled, actor.id));
    return { success: true, message: 'تم تحديث حالة الرسالة', data };
  }

  @Delete(':id')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Delete a contact message' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: ContactSentDto })
  @ApiErrors('INVALID_ID', 'CONTACT_MESSAGE_NOT_FOUND')
  async remove(@Param('id', ParseIdPipe) id: string, @CurrentUser() actor: AuthUser): Promise<SuccessResult> {
    await this.commands.execute(new DeleteContactMessageCommand(id, actor.id));
    return { success: true, message: 'تم حذف الرسالة بنجاح' };
  }
}
