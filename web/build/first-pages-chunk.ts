/** What the chunking step tells a group's `name` function about a module (rolldown's ChunkingContext). */
interface ChunkingContext {
  getModuleInfo(moduleId: string): { importedIds: readonly string[] } | null;
}

const APP_CODE = /[\\/](web|contracts)[\\/]src[\\/]/;

/**
 * The `name` of the `common` chunk group: the app's modules that the first bundle or a first page
 * (src/app/first-pages.ts) imports statically, so that those pages load their shared code as one
 * file instead of a dozen of 1–5 KiB. The group's `minShareCount: 2` keeps a module used by one
 * chunk only in that chunk. Shared code that only other screens use (the forms' schemas, which
 * would bring the 36 KiB form libraries along) is left to the automatic chunking: it never
 * loads with the first pages.
 *
 * `roots` are absolute module ids: the entry and the first pages' route modules.
 */
export function firstPagesCommon(roots: readonly string[]) {
  let reachable: Set<string> | undefined;
  const collect = (ctx: ChunkingContext) => {
    const seen = new Set<string>();
    const pending = [...roots];
    for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
      if (seen.has(id)) continue;
      seen.add(id);
      pending.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  return (moduleId: string, ctx: ChunkingContext): string | null => {
    reachable ??= collect(ctx);
    return APP_CODE.test(moduleId) && reachable.has(moduleId) ? 'common' : null;
  };
}
