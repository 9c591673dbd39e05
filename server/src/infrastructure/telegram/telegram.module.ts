import { Module } from '@nestjs/common';
import { TelegramService } from './telegram.service';

/** Telegram Bot API client (configured by TELEGRAM_BOT_TOKEN / TELEGRAM_API_URL). */
@Module({ providers: [TelegramService], exports: [TelegramService] })
export class TelegramModule {}
