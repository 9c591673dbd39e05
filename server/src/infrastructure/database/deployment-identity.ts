import type { DataSource, EntityManager } from 'typeorm';

/**
 * This deployment's identity (table deployment_identity, made once by its migration): the same
 * for every process on the database, different for another deployment's database.
 */
export async function deploymentIdentity(db: DataSource | EntityManager): Promise<string> {
  const [row] = (await db.query(`SELECT id FROM deployment_identity`)) as { id: string }[];
  if (!row) throw new Error('deployment_identity has no row: run the migrations');
  return row.id;
}
