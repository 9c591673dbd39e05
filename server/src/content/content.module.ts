import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BannersController } from './banners.controller';
import { BannerEntity } from './entities/banner.entity';
import { GetActiveBannersHandler } from './queries/get-active-banners/get-active-banners.handler';

/** Site content: home page banners (site content, features and the announcement come later). */
@Module({
  imports: [TypeOrmModule.forFeature([BannerEntity])],
  controllers: [BannersController],
  providers: [GetActiveBannersHandler],
  exports: [TypeOrmModule],
})
export class ContentModule {}
