import { Body, Controller, Ip, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { SuccessResult } from '@mazad/contracts';
import { ApiErrors } from '../common/errors/api-error.dto';
import { SendContactMessageCommand } from './commands/send-contact-message/send-contact-message.command';
import { ContactFormDto } from './dto/contact-form.dto';
import { ContactSentDto } from './dto/contact-responses.dto';

export const CONTACT_SENT_MESSAGE = 'تم إرسال رسالتك بنجاح، سنرد عليك قريباً';

/** The member site's contact form: open to everyone, limited per client IP. */
@ApiTags('contact')
@Controller('contact')
export class ContactController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @ApiOperation({
    summary: 'Write to the operators',
    description:
      'name, email, subject (support, bug, suggestion, complaint, other) and message, all required. At most 5 messages per 10 minutes per client IP.',
  })
  @ApiCreatedResponse({ type: ContactSentDto })
  @ApiErrors('VALIDATION_ERROR naming the field (الاسم مطلوب …)', 'UNKNOWN_FIELD', 'CONTACT_RATE_LIMITED')
  async send(@Body() body: ContactFormDto, @Ip() ip: string): Promise<SuccessResult> {
    await this.commands.execute(
      new SendContactMessageCommand(
        { name: body.name, email: body.email, subject: body.subject, message: body.message },
        ip,
      ),
    );
    return { success: true, message: CONTACT_SENT_MESSAGE };
  }
}
