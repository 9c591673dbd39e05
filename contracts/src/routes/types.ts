/**
 * One HTTP call of the public API: its method, its path template (`/api/auctions/:id`), the error
 * codes it documents and, as types only, its request body, query and answer.
 */
import type { ErrorCode } from '../errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The types a route carries: `response` always; `request` (the body) and `query` when it has them. */
export interface RouteTypes {
  response: unknown;
  request?: unknown;
  query?: unknown;
}

export interface Route<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  T extends RouteTypes = RouteTypes,
> {
  readonly method: M;
  readonly path: P;
  /** The error codes the call documents (its answers' `code`), besides those any call can answer. */
  readonly errors: readonly ErrorCode[];
  /** Carries the types for `RequestOf`, `ResponseOf` and `QueryOf`; never set at runtime. */
  readonly types?: T;
}

/** The body a route takes (`undefined` when it takes none). */
export type RequestOf<R extends Route> = NonNullable<R['types']> extends { request: infer Q } ? Q : undefined;
/** The answer of a successful call. */
export type ResponseOf<R extends Route> = NonNullable<R['types']>['response'];
/** The query parameters a route reads (`undefined` when it reads none). */
export type QueryOf<R extends Route> = NonNullable<R['types']> extends { query: infer Q } ? Q : undefined;

/** `'/api/users/:userId/confirm-archived-deal/:archivedId'` → `'userId' | 'archivedId'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<P extends string> = { readonly [K in PathParamNames<P>]: string };

export type QueryValue = string | number | boolean | null | undefined;

/** The arguments after the route: its path parameters (omitted when it has none), then its query. */
export type PathArgs<R extends Route> = [PathParamNames<R['path']>] extends [never]
  ? [params?: Record<string, never>, query?: QueryOf<R>]
  : [params: PathParams<R['path']>, query?: QueryOf<R>];
