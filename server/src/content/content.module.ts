import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnnouncementController } from './announcement.controller';
import { BannersController } from './banners.controller';
import { CreateBannerHandler } from './commands/create-banner/create-banner.handler';
import { CreateSiteFeatureHandler } from './commands/create-site-feature/create-site-feature.handler';
import { DeleteBannerHandler } from './commands/delete-banner/delete-banner.handler';
import { DeleteSiteFeatureHandler } from './commands/delete-site-feature/delete-site-feature.handler';
import { SaveAnnouncementHandler } from './commands/save-announcement/save-announcement.handler';
import { UpdateBannerHandler } from './commands/update-banner/update-banner.handler';
import { UpdateSiteBannerHandler } from './commands/update-site-banner/update-site-banner.handler';
import { UpdateSiteFeatureHandler } from './commands/update-site-feature/update-site-feature.handler';
import { AnnouncementEntity } from './entities/announcement.entity';
import { BannerEntity } from './entities/banner.entity';
import { SiteBannerEntity } from './entities/site-banner.entity';
import { SiteFeatureEntity } from './entities/site-feature.entity';
import { GetActiveBannersHandler } from './queries/get-active-banners/get-active-banners.handler';
import { GetAllBannersHandler } from './queries/get-all-banners/get-all-banners.handler';
import { GetAnnouncementHandler } from './queries/get-announcement/get-announcement.handler';
import { GetSiteContentHandler } from './queries/get-site-content/get-site-content.handler';
import { SiteContentController } from './site-content.controller';

const commandHandlers = [
  CreateBannerHandler,
  UpdateBannerHandler,
  DeleteBannerHandler,
  UpdateSiteBannerHandler,
  CreateSiteFeatureHandler,
  UpdateSiteFeatureHandler,
  DeleteSiteFeatureHandler,
  SaveAnnouncementHandler,
];
const queryHandlers = [GetActiveBannersHandler, GetAllBannersHandler, GetSiteContentHandler, GetAnnouncementHandler];

/** Site content: home page banners, the main banner and feature cards, the announcement page. */
@Module({
  imports: [TypeOrmModule.forFeature([BannerEntity, SiteBannerEntity, SiteFeatureEntity, AnnouncementEntity])],
  controllers: [BannersController, SiteContentController, AnnouncementController],
  providers: [...commandHandlers, ...queryHandlers],
  exports: [TypeOrmModule],
})
export class ContentModule {}
