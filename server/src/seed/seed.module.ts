import { Module, Type } from '@nestjs/common';
import { AuctionsModule } from '../auctions/auctions.module';
import { AuthModule } from '../auth/auth.module';
import type { DemoSeeder } from './demo-seeder';
import { DEMO_SEEDERS, DemoSeedService } from './demo-seed.service';
import { DemoAdminSeeder } from './seeders/demo-admin.seeder';
import { DemoAuctionsSeeder } from './seeders/demo-auctions.seeder';
import { DemoMembersSeeder } from './seeders/demo-members.seeder';

/**
 * The demo seeders, in the order they run. To add demo data (auctions, bids, …): write a
 * `DemoSeeder` in seeders/, append it here (after DemoMembersSeeder, whose members it can use
 * through the context) and import the modules it needs below.
 */
const SEEDERS: Type<DemoSeeder>[] = [DemoMembersSeeder, DemoAdminSeeder, DemoAuctionsSeeder];

/** Demo data for `npm start` (SEED_DEMO=true): clearly marked demo members, the demo admin's password, demo auctions. */
@Module({
  imports: [AuthModule, AuctionsModule],
  providers: [
    ...SEEDERS,
    { provide: DEMO_SEEDERS, useFactory: (...seeders: DemoSeeder[]) => seeders, inject: SEEDERS },
    DemoSeedService,
  ],
  exports: [DemoSeedService],
})
export class SeedModule {}
