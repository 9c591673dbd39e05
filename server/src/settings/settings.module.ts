import { Module } from '@nestjs/common';
import { GetSiteSettingsHandler } from './queries/get-site-settings/get-site-settings.handler';
import { SettingsController } from './settings.controller';

/** GET /api/settings: the public, configurable numbers of the deployment. */
@Module({
  controllers: [SettingsController],
  providers: [GetSiteSettingsHandler],
})
export class SettingsModule {}
