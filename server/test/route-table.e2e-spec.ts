import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ERRORS, routes, type ErrorCode, type Route } from '@mazad/contracts';
import { startTestApp, TestApp } from './support/test-app';

/**
 * The route table of contracts (`routes`) is what the web app, the console and the k6 scripts
 * call: it must list exactly the routes the server serves, with their methods and the error codes
 * the controllers document (`@ApiErrors`), so neither side can drift.
 */
describe('contracts route table', () => {
  let t: TestApp;
  let served: Map<string, Set<ErrorCode>>;
  const table: Route[] = Object.values(routes).flatMap((area) => Object.values(area));
  const key = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

  beforeAll(async () => {
    t = await startTestApp();
    // The OpenAPI document Nest builds from the registered controllers: every route, its method
    // and its documented answers (`@ApiErrors` lists the codes in each answer's description).
    const doc = (await t.http().get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { responses?: Record<string, { description?: string }> }>>;
    };
    served = new Map();
    for (const [template, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const words = Object.values(operation.responses ?? {}).flatMap(
          (r) => r.description?.split(/[^A-Z0-9_]+/) ?? [],
        );
        const codes = new Set(words.filter((w): w is ErrorCode => w in ERRORS));
        served.set(key(method, template.replace(/\{(\w+)\}/g, ':$1')), codes);
      }
    }
  });
  afterAll(() => t.close());

  it('lists every route the server serves, and only those', () => {
    const listed = table.map((r) => key(r.method, r.path)).sort();
    expect(listed).toEqual([...served.keys()].sort());
  });

  it('lists routes Fastify really answers (same method and path)', () => {
    const fastify = (t.app as NestFastifyApplication).getHttpAdapter().getInstance();
    const missing = table.filter((r) => !fastify.hasRoute({ method: r.method, url: r.path }));
    expect(missing.map((r) => key(r.method, r.path))).toEqual([]);
  });

  it("lists each route's documented error codes", () => {
    const differing = table
      .map((r) => {
        const documented = [...(served.get(key(r.method, r.path)) ?? [])];
        return {
          route: key(r.method, r.path),
          onlyInTable: r.errors.filter((code) => !documented.includes(code)),
          onlyDocumented: documented.filter((code) => !r.errors.includes(code)),
        };
      })
      .filter((d) => d.onlyInTable.length || d.onlyDocumented.length);
    expect(differing).toEqual([]);
  });
});
