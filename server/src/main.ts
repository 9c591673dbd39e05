import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { createApp } from './app.factory';
import { AppConfig, ConfigError } from './config/app-config';
import { recordDeploymentKind } from './infrastructure/database/deployment-kind';
import { drainOnSignals } from './infrastructure/lifecycle/graceful-drain';
import { runMigrations } from './infrastructure/database/migrate';
import { DeploymentConflictError } from './infrastructure/redis/deployment-presence';

async function bootstrap() {
  let config: AppConfig;
  try {
    config = AppConfig.fromEnvironment();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await createApp(config);
  // Migrate before the application hooks run (admin bootstrap, demo seed, auction reconciliation).
  const applied = await runMigrations(app.get(DataSource));
  if (applied.length) Logger.log(`Applied migrations: ${applied.join(', ')}`, 'Bootstrap');
  await recordDeploymentKind(app.get(DataSource), config.deploymentKind);
  // SIGTERM drains the replica (docs/operations.md); installed before listening so it sees every request.
  drainOnSignals(app, config);
  await app.listen(config.port, '0.0.0.0');
  Logger.log(`Mazad is listening on http://localhost:${config.port}`, 'Bootstrap');
}

bootstrap().catch((err) => {
  // A refusal that says what to set needs no stack trace (as configuration errors).
  console.error('Mazad failed to start:', err instanceof DeploymentConflictError ? err.message : err);
  process.exit(1);
});
