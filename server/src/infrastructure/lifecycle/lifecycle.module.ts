import { Global, Module } from '@nestjs/common';
import { Lifecycle } from './lifecycle';

/** The process's one Lifecycle (draining flag, readiness checks, work in flight). */
@Global()
@Module({ providers: [Lifecycle], exports: [Lifecycle] })
export class LifecycleModule {}
