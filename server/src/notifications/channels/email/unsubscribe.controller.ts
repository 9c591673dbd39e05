import { Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { UnsubscribeResult } from '@mazad/contracts';
import type { FastifyReply } from 'fastify';
import { ApiErrors } from '../../../common/errors/api-error.dto';
import { NoticePreferencesStore } from '../../preferences/notice-preferences.store';
import { UnsubscribeTokens } from './unsubscribe-token';

const page = (heading: string, content: string) => `<!doctype html>
<html lang="ar" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${heading} - مزاد</title></head>
<body dir="rtl"><main><h1>${heading}</h1>${content}</main></body></html>`;

/**
 * The e-mail's one-click unsubscribe (RFC 8058), without a session: the signed token names the
 * member and the kind, and expires after UNSUBSCRIBE_LINK_DAYS (UnsubscribeTokens). POST turns
 * that kind's e-mail off (mail clients' button and the page's form). GET only shows a page with
 * that form: mail scanners and link previews fetch every link of a message, and a GET that
 * unsubscribed would let them turn notices off nobody asked to stop.
 */
@ApiTags('notifications')
@Controller('notifications/unsubscribe')
export class UnsubscribeController {
  constructor(
    private readonly tokens: UnsubscribeTokens,
    private readonly preferences: NoticePreferencesStore,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The unsubscribe confirmation page (HTML); changes nothing' })
  @ApiQuery({ name: 'token', type: String })
  @ApiErrors('UNSUBSCRIBE_TOKEN_INVALID', 'UNSUBSCRIBE_LINK_EXPIRED')
  confirm(@Query('token') token: string, @Res({ passthrough: true }) reply: FastifyReply): string {
    this.tokens.verify(token);
    // Set only for the page: an invalid token's error is the usual JSON.
    reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-store');
    const action = `?token=${encodeURIComponent(token)}`;
    return page(
      'إلغاء الاشتراك في رسائل البريد',
      `<p>هل تريد إيقاف رسائل البريد الإلكتروني لهذا النوع من الإشعارات؟ ستبقى الإشعارات في الجرس داخل مزاد.</p>
<form method="post" action="${action}"><button type="submit">نعم، أوقف هذه الرسائل</button></form>`,
    );
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: "Turn the token's kind of e-mail off (RFC 8058 one-click)", description: 'Idempotent.' })
  @ApiQuery({ name: 'token', type: String })
  @ApiOkResponse({ description: '{ success, message, kind }' })
  @ApiErrors('UNSUBSCRIBE_TOKEN_INVALID', 'UNSUBSCRIBE_LINK_EXPIRED')
  async unsubscribe(@Query('token') token: string): Promise<UnsubscribeResult> {
    const { userId, kind } = this.tokens.verify(token);
    await this.preferences.turnOff(userId, kind, 'email');
    return { success: true, message: 'تم إيقاف رسائل البريد لهذا النوع من الإشعارات', kind };
  }
}
