import { Global, Module } from '@nestjs/common';
import { WorkerRole } from './worker-role';

/** The role gates every module shares (MAZAD_ROLES, docs/operations.md "Roles"). */
@Global()
@Module({ providers: [WorkerRole], exports: [WorkerRole] })
export class RolesModule {}
