import type { BosAuditQuery, BosUserQuery, BosUserUpdateBody } from '../../contract/bos-people';
import { isJsonObject, pageSend } from './browser';
import { createCaller, queryString, type CheckAnswer, type Send } from './client';

/**
 * The back office's People and Audit log calls (docs/back-office-people.md). A separate client, like the orders',
 * so no shopper's page carries it.
 */
export function createPeopleApi(send: Send, check: CheckAnswer) {
  const { call, post } = createCaller(send, check);
  return {
    bosUsers: (query: Partial<BosUserQuery> = {}) => call('BosUserList', `/bos/users${queryString(query)}`),
    bosUser: (id: number) => call('BosUserDetail', `/bos/users/${id}`),
    /** Changes roles, permissions, sales-agent standing or block (403 or 409 with the field it is about when refused). */
    bosUpdateUser: (id: number, body: BosUserUpdateBody) => call('BosUserDetail', `/bos/users/${id}`, post(body, 'PUT')),
    /** Gives a customer to a sales agent on this website, or to none (422 with `errors.agent_id` when refused). */
    bosSetCustomerAgent: (customerId: number, agentId: number | null) => call('BosCustomerAgent', `/bos/customers/${customerId}/agent`, post({ agent_id: agentId }, 'PUT')),
    bosAudit: (query: Partial<BosAuditQuery> = {}) => call('BosAuditList', `/bos/audit${queryString(query)}`),
    bosAuditFilters: () => call('BosAuditFilters', '/bos/audit/filters'),
  };
}
export type PeopleApi = ReturnType<typeof createPeopleApi>;

/** The People and Audit log calls for their islands. */
export const peopleApi = () => createPeopleApi(pageSend(), isJsonObject);
