/**
 * The contact inbox: messages newest first (the server's only order), filtered by `handled`,
 * paged by the server; a message is marked handled or open again (PATCH { handled }) or deleted.
 */
import { routes, type ContactMessagesQuery } from '@mazad/contracts';
import type { DeleteParams, GetListParams, UpdateParams } from 'react-admin';
import { call, callJson } from '../http';
import { byId, deleted, listQuery, listTotal, resourceProvider, withId } from '../resourceProvider';

export const contactMessagesProvider = resourceProvider({
  async getList(_resource: string, params: GetListParams) {
    const { data: body, headers } = await call(routes.admin.contactMessages, [
      {},
      listQuery<ContactMessagesQuery>(params, false),
    ]);
    return { data: body.messages.map(withId), total: listTotal(body, headers) };
  },

  async update(_resource: string, params: UpdateParams) {
    const body = await callJson(routes.admin.updateContactMessage, [byId(params)], {
      body: { handled: Boolean((params.data as { handled?: unknown }).handled) },
    });
    return { data: withId(body.data) };
  },

  delete: (_resource: string, params: DeleteParams) =>
    deleted(callJson(routes.admin.deleteContactMessage, [byId(params)]), params),
});
