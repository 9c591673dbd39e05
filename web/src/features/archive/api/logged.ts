/**
 * Archive reads never fail the screen: a failure is only logged and the read answers its
 * fallback (empty lists, zero counts).
 */
export function logged<T>(what: string, fallback: T) {
  return (error: unknown): T => {
    console.warn(`[archive] ${what} failed:`, error instanceof Error ? error.message : error);
    return fallback;
  };
}
