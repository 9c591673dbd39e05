const BEARER = /^Bearer\s+(\S+)$/i;

/** The token of an `Authorization: Bearer <token>` header; undefined for any other header. */
export function bearerToken(header: string | undefined): string | undefined {
  return header ? BEARER.exec(header.trim())?.[1] : undefined;
}
