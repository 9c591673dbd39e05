/** The operators' audit log (R-AUDIT-LOG): read only, newest first, filtered and paged by the server. */
import { routes, type AuditLogQuery } from '@mazad/contracts';
import type { GetListParams } from 'react-admin';
import { call } from '../http';
import { listQuery, listTotal, resourceProvider, withId } from '../resourceProvider';

export const auditLogProvider = resourceProvider({
  async getList(_resource: string, params: GetListParams) {
    const { data: body, headers } = await call(routes.admin.auditLog, [{}, listQuery<AuditLogQuery>(params, false)]);
    return { data: body.entries.map(withId), total: listTotal(body, headers) };
  },
});
