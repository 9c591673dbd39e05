/** The profile's list reads are silent and answer an empty list on failure (the tab shows its empty state). */
export async function listOrEmpty<T>(read: () => Promise<T[] | undefined>): Promise<T[]> {
  try {
    return (await read()) ?? [];
  } catch {
    return [];
  }
}

/** A profile read is only made for a known member id. */
export const isMemberId = (id: string | undefined): id is string => Boolean(id);
