import { AppConfig, ConfigError } from './app-config';

const base = { JWT_SECRET: 'x'.repeat(40) };

describe('AppConfig', () => {
  it('requires DEMO_PASSWORD (8+ characters) when SEED_DEMO=true', () => {
    expect(() => AppConfig.fromEnvironment({ ...base, SEED_DEMO: 'true' })).toThrow(ConfigError);
    expect(() => AppConfig.fromEnvironment({ ...base, SEED_DEMO: 'true' })).toThrow(/DEMO_PASSWORD is missing/);
    expect(() => AppConfig.fromEnvironment({ ...base, SEED_DEMO: 'true', DEMO_PASSWORD: 'short' })).toThrow(
      /DEMO_PASSWORD is invalid/,
    );
    const config = AppConfig.fromEnvironment({ ...base, SEED_DEMO: 'true', DEMO_PASSWORD: 'long-enough' });
    expect(config.seedDemo).toBe(true);
    expect(config.demoPassword).toBe('long-enough');
  });

  it('PUBLIC_ORIGIN is an http(s) origin without a path (sharing previews build their URLs on it)', () => {
    expect(AppConfig.fromEnvironment(base).publicOrigin).toBe('http://localhost:3000');
    expect(AppConfig.fromEnvironment({ ...base, PUBLIC_ORIGIN: 'https://mazad.jo' }).publicOrigin).toBe(
      'https://mazad.jo',
    );
    for (const bad of ['https://mazad.jo/', 'https://mazad.jo/ar', 'mazad.jo', 'javascript:alert(1)']) {
      expect(() => AppConfig.fromEnvironment({ ...base, PUBLIC_ORIGIN: bad })).toThrow(/PUBLIC_ORIGIN/);
    }
  });

  it('REDIS_PREFIX: as set; unset (or empty), mazad on Redis database 0 and mazad-db<N> on database N', () => {
    const prefixOf = (env: Record<string, string>) => AppConfig.fromEnvironment({ ...base, ...env }).redisPrefix;
    expect(prefixOf({})).toBe('mazad');
    expect(prefixOf({ REDIS_URL: 'redis://127.0.0.1:6379' })).toBe('mazad');
    expect(prefixOf({ REDIS_URL: 'redis://127.0.0.1:6379/0' })).toBe('mazad');
    expect(prefixOf({ REDIS_URL: 'redis://127.0.0.1:6379/1' })).toBe('mazad-db1');
    expect(prefixOf({ REDIS_URL: 'rediss://:secret@redis.internal:6380/12', REDIS_PREFIX: '' })).toBe('mazad-db12');
    expect(prefixOf({ REDIS_URL: 'redis://127.0.0.1:6379?db=3' })).toBe('mazad-db3');
    // The deployments of one server on different databases: different channels.
    expect(prefixOf({ REDIS_URL: 'redis://r:6379/7' })).not.toBe(prefixOf({ REDIS_URL: 'redis://r:6379/8' }));
    // An explicit prefix is kept as it is, whatever the database.
    expect(prefixOf({ REDIS_URL: 'redis://127.0.0.1:6379/1', REDIS_PREFIX: 'mazad' })).toBe('mazad');
    expect(prefixOf({ REDIS_PREFIX: 'mazad-staging' })).toBe('mazad-staging');
    expect(() => prefixOf({ REDIS_PREFIX: 'a b' })).toThrow(/REDIS_PREFIX/);
  });

  it('Web Push is off without VAPID keys, on with all three, and a partial or malformed set is refused', () => {
    expect(AppConfig.fromEnvironment(base).vapid).toBeUndefined();
    const keys = {
      VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}`,
      VAPID_PRIVATE_KEY: 'k'.repeat(43),
      VAPID_SUBJECT: 'mailto:ops@mazad.jo',
    };
    expect(AppConfig.fromEnvironment({ ...base, ...keys }).vapid).toEqual({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
      subject: keys.VAPID_SUBJECT,
    });
    expect(() => AppConfig.fromEnvironment({ ...base, ...keys, VAPID_SUBJECT: undefined })).toThrow(
      /VAPID_SUBJECT missing/,
    );
    expect(() => AppConfig.fromEnvironment({ ...base, ...keys, VAPID_SUBJECT: 'http://mazad.jo' })).toThrow(
      /VAPID_SUBJECT/,
    );
    expect(() => AppConfig.fromEnvironment({ ...base, ...keys, VAPID_PRIVATE_KEY: 'short' })).toThrow(
      /VAPID_PRIVATE_KEY/,
    );
  });

  it('PUSH_EXTRA_ORIGINS: none by default, else exact https origins only', () => {
    expect(AppConfig.fromEnvironment(base).pushExtraOrigins).toEqual([]);
    const two = 'https://push.example.com,https://127.0.0.1:8443';
    expect(AppConfig.fromEnvironment({ ...base, PUSH_EXTRA_ORIGINS: two }).pushExtraOrigins).toEqual([
      'https://push.example.com',
      'https://127.0.0.1:8443',
    ]);
    for (const bad of [
      'http://push.example.com',
      'https://push.example.com/',
      'https://push.example.com/path',
      'https://*.example.com',
      'https://Push.Example.com',
      'https://push.example.com:443',
      'https://user@push.example.com',
    ])
      expect(() => AppConfig.fromEnvironment({ ...base, PUSH_EXTRA_ORIGINS: bad })).toThrow(/PUSH_EXTRA_ORIGINS/);
  });

  it('OUTSIDE_CALL_DEADLINE: 10 s by default, from 1 s to 60 s', () => {
    expect(AppConfig.fromEnvironment(base).outsideCallDeadlineMs).toBe(10_000);
    expect(AppConfig.fromEnvironment({ ...base, OUTSIDE_CALL_DEADLINE: '2s' }).outsideCallDeadlineMs).toBe(2_000);
    for (const bad of ['soon', '0s', '2m'])
      expect(() => AppConfig.fromEnvironment({ ...base, OUTSIDE_CALL_DEADLINE: bad })).toThrow(/OUTSIDE_CALL_DEADLINE/);
  });

  it('seeds nothing by default', () => {
    const config = AppConfig.fromEnvironment(base);
    expect(config.seedDemo).toBe(false);
    expect(config.demoPassword).toBeUndefined();
  });

  it('serves the built front ends by default, and none when their folder is set empty', () => {
    const defaults = AppConfig.fromEnvironment(base);
    expect(defaults.webDistDir).toMatch(/[\\/]web[\\/]dist$/);
    expect(defaults.adminDistDir).toMatch(/[\\/]admin[\\/]dist$/);
    const none = AppConfig.fromEnvironment({ ...base, WEB_DIST_DIR: '', ADMIN_DIST_DIR: '' });
    expect(none.webDistDir).toBe('');
    expect(none.adminDistDir).toBe('');
  });

  it('still treats other empty variables as unset', () => {
    const config = AppConfig.fromEnvironment({ ...base, SMTP_URL: '', PORT: '', UPLOAD_DIR: '' });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.port).toBe(3000);
    expect(config.uploadDir).toMatch(/[\\/]\.data[\\/]uploads$/);
  });

  it('contact details are optional (empty by default); CONTACT_EMAIL must be an email when given', () => {
    const none = AppConfig.fromEnvironment(base);
    expect(none.contactPhone).toBe('');
    expect(none.contactEmail).toBe('');
    const given = AppConfig.fromEnvironment({
      ...base,
      CONTACT_PHONE: ' +962 6 555 0101 ',
      CONTACT_EMAIL: 'support@mazad.jo',
    });
    expect(given.contactPhone).toBe('+962 6 555 0101');
    expect(given.contactEmail).toBe('support@mazad.jo');
    expect(() => AppConfig.fromEnvironment({ ...base, CONTACT_EMAIL: 'not-an-email' })).toThrow(
      /CONTACT_EMAIL is invalid/,
    );
  });

  it('MAZAD_ROLES: all three roles by default, any comma-separated subset, nothing else', () => {
    const all = AppConfig.fromEnvironment(base);
    expect(['api', 'gateway', 'worker'].every((r) => all.hasRole(r as never))).toBe(true);
    const gateway = AppConfig.fromEnvironment({ ...base, MAZAD_ROLES: 'gateway' });
    expect(gateway.hasRole('gateway')).toBe(true);
    expect(gateway.hasRole('api')).toBe(false);
    expect(gateway.hasRole('worker')).toBe(false);
    for (const bad of ['web', 'api,', 'api gateway', ',worker']) {
      expect(() => AppConfig.fromEnvironment({ ...base, MAZAD_ROLES: bad })).toThrow(/MAZAD_ROLES/);
    }
  });

  it('DATABASE_POOL_SIZE, METRICS_PORT, SOCKET_ADAPTER and SHUTDOWN_GRACE have safe defaults', () => {
    const config = AppConfig.fromEnvironment(base);
    expect(config.databasePoolSize).toBe(20);
    expect(config.metricsPort).toBe(0);
    expect(config.socketAdapter).toBe('classic');
    expect(config.shutdownGraceMs).toBe(10_000);
    const tuned = AppConfig.fromEnvironment({
      ...base,
      DATABASE_POOL_SIZE: '5',
      METRICS_PORT: '9464',
      METRICS_TOKEN: 't'.repeat(32),
      SHUTDOWN_GRACE: '30s',
    });
    expect([tuned.databasePoolSize, tuned.metricsPort, tuned.shutdownGraceMs]).toEqual([5, 9464, 30_000]);
    expect(() => AppConfig.fromEnvironment({ ...base, DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => AppConfig.fromEnvironment({ ...base, SOCKET_ADAPTER: 'cluster' })).toThrow(/SOCKET_ADAPTER/);
  });

  it('METRICS_PORT needs a METRICS_TOKEN of 32+ characters: without one the server does not start', () => {
    expect(() => AppConfig.fromEnvironment({ ...base, METRICS_PORT: '9464' })).toThrow(/METRICS_TOKEN is missing/);
    expect(() => AppConfig.fromEnvironment({ ...base, METRICS_PORT: '9464', METRICS_TOKEN: '' })).toThrow(
      /METRICS_TOKEN is missing/,
    );
    expect(() => AppConfig.fromEnvironment({ ...base, METRICS_PORT: '9464', METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN is invalid \(must be at least 32 characters/,
    );
    expect(
      AppConfig.fromEnvironment({ ...base, METRICS_PORT: '9464', METRICS_TOKEN: 't'.repeat(32) }).metricsToken,
    ).toBe('t'.repeat(32));
    // Without a metrics port nothing is served, and no token is needed.
    expect(AppConfig.fromEnvironment(base).metricsToken).toBeUndefined();
  });

  it('bid admission limits: defaults, tuned values, and nonsense refused (0 only turns the event-loop check off)', () => {
    expect(AppConfig.fromEnvironment(base).bidAdmission).toEqual({
      waitBudgetMs: 150,
      maxQueued: 1000,
      deadlineMs: 500,
      eventLoopLagLimitMs: 200,
    });
    const tuned = AppConfig.fromEnvironment({
      ...base,
      BID_QUEUE_WAIT_BUDGET_MS: '80',
      BID_QUEUE_MAX: '300',
      BID_ANSWER_DEADLINE_MS: '250',
      BID_EVENT_LOOP_LAG_LIMIT_MS: '0',
    });
    expect(tuned.bidAdmission).toEqual({ waitBudgetMs: 80, maxQueued: 300, deadlineMs: 250, eventLoopLagLimitMs: 0 });
    for (const name of ['BID_QUEUE_WAIT_BUDGET_MS', 'BID_QUEUE_MAX', 'BID_ANSWER_DEADLINE_MS'])
      expect(() => AppConfig.fromEnvironment({ ...base, [name]: '0' })).toThrow(new RegExp(name));
    expect(() => AppConfig.fromEnvironment({ ...base, BID_ANSWER_DEADLINE_MS: 'soon' })).toThrow(
      /BID_ANSWER_DEADLINE_MS/,
    );
  });
});
