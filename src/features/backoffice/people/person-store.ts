import { atom } from 'nanostores';
import type { BosAuditRow, BosUserDetail, BosUserRow } from '../../../contract/bos-people';
import type { PeopleApi } from '../../../lib/api/bos-people';
import { ApiCallError } from '../../../lib/api/client';
import { fieldErrors } from '../../../lib/api/form-call';
import { errorMessage } from '../../../lib/errors';
import { agentBody, agentFormOf, assignedText, rolesBody, rolesFormOf, savedText, type AgentForm, type RolesForm } from './people';

/**
 * A user's page's state (docs/back-office-people.md#a-users-page): the user as saved, the two forms as edited, the
 * sales agent chosen for them as a customer, what is under way, and what the last action did. Every action sends
 * only what changed, and on success the user as the API answers them replaces what was shown (both forms follow);
 * a refusal is said under the field the API names, and nothing is lost from the forms.
 */
export interface PersonSeed {
  detail: BosUserDetail;
  /** The sales agents a customer may be given to (the first hundred). */
  agents: BosUserRow[];
  /** The newest audit rows about the user. */
  recent: BosAuditRow[];
}
export interface PersonState extends PersonSeed {
  roles: RolesForm;
  agent: AgentForm;
  /** The agent chosen for them as a customer: an id, or '' for none. */
  chosenAgent: string;
  busy: 'roles' | 'agent' | 'assign' | 'block' | null;
  errors: Record<string, string>;
  report: { tone: 'success' | 'error'; text: string } | null;
}

export type PersonApi = Pick<PeopleApi, 'bosUser' | 'bosUpdateUser' | 'bosSetCustomerAgent' | 'bosAudit'>;

export const $person = atom<PersonState | null>(null);
const now = () => $person.get()!;
const update = (change: Partial<PersonState>) => $person.set({ ...now(), ...change });

const formsOf = (detail: BosUserDetail) => ({ roles: rolesFormOf(detail), agent: agentFormOf(detail), chosenAgent: detail.agent ? String(detail.agent.id) : '' });
export const seededPerson = (seed: PersonSeed): PersonState => ({ ...seed, ...formsOf(seed.detail), busy: null, errors: {}, report: null });
export const seedPerson = (seed: PersonSeed) => $person.set(seededPerson(seed));

export const editRoles = (change: Partial<RolesForm>) => update({ roles: { ...now().roles, ...change } });
export const editAgent = (change: Partial<AgentForm>) => update({ agent: { ...now().agent, ...change }, errors: { ...now().errors, commission: '' } });
export const chooseAgent = (id: string) => update({ chosenAgent: id });
/** Puts a form back as saved. */
export const resetForms = () => update({ ...formsOf(now().detail), errors: {} });

/** The newest audit rows about the user, again (after a change: its row shows at once). */
async function recentOf(client: PersonApi, id: number): Promise<BosAuditRow[]> {
  try {
    return (await client.bosAudit({ subject: 'user', subject_id: id, perPage: 5 })).data;
  } catch {
    return now().recent;
  }
}

/** A refusal under its field when the API named one (commission_bps is the form's commission), else as the report. */
function refusal(failure: unknown): Pick<PersonState, 'errors' | 'report'> {
  const fields = fieldErrors(failure);
  if (fields.commission_bps) fields.commission = fields.commission_bps;
  const words = failure instanceof ApiCallError ? failure.message : errorMessage(failure);
  return { errors: fields, report: { tone: 'error', text: words } };
}

/** Sends a change of the user (PUT /s/api/bos/users/{id}); on success the page shows them as they are now. */
async function change(client: PersonApi, busy: PersonState['busy'], body: Parameters<PersonApi['bosUpdateUser']>[1], saved: 'roles' | 'agent' | null) {
  if (now().busy) return;
  const before = now().detail;
  update({ busy, errors: {}, report: null });
  try {
    const detail = await client.bosUpdateUser(before.id, body);
    // The form just saved follows the answer; the other keeps what is typed in it.
    const forms = formsOf(detail);
    update({
      detail,
      roles: saved === 'roles' ? forms.roles : now().roles,
      agent: saved === 'agent' ? forms.agent : now().agent,
      chosenAgent: forms.chosenAgent,
      busy: null,
      report: { tone: 'success', text: savedText(before, detail) },
    });
    update({ recent: await recentOf(client, detail.id) });
  } catch (failure) {
    update({ busy: null, ...refusal(failure) });
  }
}

/** Saves the roles form: only what changed. Resolves false when there was nothing to save. */
export async function saveRoles(client: PersonApi): Promise<boolean> {
  const body = rolesBody(now().detail, now().roles);
  if (!body) return false;
  await change(client, 'roles', body, 'roles');
  return true;
}

/** Saves the sales-agent form; a commission that cannot be one is said under it and nothing is sent. */
export async function saveAgent(client: PersonApi): Promise<boolean> {
  const built = agentBody(now().detail, now().agent);
  if ('problem' in built) {
    update({ errors: { [built.problem.field]: built.problem.message }, report: null });
    return false;
  }
  if (!built.body) return false;
  await change(client, 'agent', built.body, 'agent');
  return true;
}

/** Blocks or unblocks the user, with the reason for the audit. */
export const setBlocked = (client: PersonApi, blocked: boolean, reason = '') => change(client, 'block', { blocked, ...(reason.trim() ? { reason: reason.trim() } : {}) }, null);

/** Gives the user, as a customer, to the chosen sales agent on this website (or to none). */
export async function assignAgent(client: PersonApi) {
  if (now().busy) return;
  const { detail, chosenAgent } = now();
  const agentId = chosenAgent ? Number(chosenAgent) : null;
  if ((detail.agent?.id ?? null) === agentId) return;
  update({ busy: 'assign', errors: {}, report: null });
  try {
    const result = await client.bosSetCustomerAgent(detail.id, agentId);
    const fresh = await client.bosUser(detail.id).catch(() => ({ ...detail, agent: result.agent }));
    update({ detail: fresh, chosenAgent: result.agent ? String(result.agent.id) : '', busy: null, report: { tone: 'success', text: assignedText(detail.name, detail.agent, result.agent) } });
    update({ recent: await recentOf(client, detail.id) });
  } catch (failure) {
    const { errors, report } = refusal(failure);
    update({ busy: null, errors: errors.agent_id ? { assign: errors.agent_id } : errors, report });
  }
}
