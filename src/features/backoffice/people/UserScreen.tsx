import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { STAFF_PERMISSIONS } from '../../../contract/staff-permissions';
import { peopleApi } from '../../../lib/api/bos-people';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useConfirm } from '../../../ui/Confirm';
import { Field } from '../../../ui/Field';
import { Modal } from '../../../ui/Modal';
import { useHydrated } from '../../../ui/use-hydrated';
import { actionWords } from '../audit/audit';
import { ChangeList } from '../audit/ChangeList';
import { agentBody, agentChoices, agentLocks, blockLock, blockQuestion, PERMISSION_WORDS, removalText, roleBadges, rolesBody, rolesLocks, unsaved } from './people';
import { $person, assignAgent, chooseAgent, editAgent, editRoles, resetForms, saveAgent, saveRoles, seededPerson, seedPerson, setBlocked, type PersonSeed, type PersonState } from './person-store';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
const BUTTON = `inline-flex min-h-11 items-center justify-center rounded-md px-4 text-sm font-medium disabled:opacity-50 ${FOCUS}`;
const CARD = 'flex flex-col gap-3 rounded-lg border border-border p-4';
const H2 = 'text-lg font-semibold';
const BOX = `mt-0.5 h-5 w-5 shrink-0 accent-[var(--color-primary)] disabled:opacity-50 ${FOCUS}`;

/**
 * /bos/admin/people/{id}: one user. Their roles and permissions (a box each), their sales-agent standing and
 * commission, the sales agent they are a customer of on this website, their block, and the newest changes made to
 * them. A control the viewer may not change is shown unticked-able with the API's own reason beside it; a change
 * that takes something away, gives a customer to another agent or blocks someone is said in a confirm step first;
 * leaving with unsaved changes asks first. Hydrated on load.
 */
export default function UserScreen(props: PersonSeed) {
  const hydrated = useHydrated();
  const live = useStore($person);
  useEffect(() => seedPerson(props), []);
  const state: PersonState = hydrated && live ? live : seededPerson(props);
  const client = hydrated ? peopleApi() : null;
  const [confirmDialog, ask] = useConfirm();
  const [blocking, setBlocking] = useState(false);
  const report = useRef<HTMLDivElement>(null);
  const { detail } = state;
  const dirty = unsaved(detail, state.roles, state.agent);

  // No lost work: leaving (a link, reload, closing the tab) with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    addEventListener('beforeunload', warn);
    return () => removeEventListener('beforeunload', warn);
  }, [dirty]);
  const said = () => setTimeout(() => report.current?.focus(), 0);

  const onSaveRoles = async () => {
    if (!client) return;
    const body = rolesBody(detail, state.roles);
    const lost = body && removalText(detail, body);
    if (lost && !(await ask({ title: 'Take permissions away', message: lost, confirmText: 'Save and take them away', cancelText: 'Keep them' }))) return;
    if (await saveRoles(client)) said();
  };
  const onSaveAgent = async () => {
    if (!client) return;
    const built = agentBody(detail, state.agent);
    const lost = 'body' in built && built.body ? removalText(detail, built.body) : null;
    if (lost && !(await ask({ title: 'No longer a sales agent', message: lost, confirmText: 'Save', cancelText: 'Keep them an agent' }))) return;
    if (await saveAgent(client)) said();
  };
  const onAssign = async () => {
    if (!client) return;
    const chosen = state.chosenAgent;
    const to = state.agents.find((a) => String(a.id) === chosen)?.name ?? detail.agent?.name;
    if (detail.agent && String(detail.agent.id) !== chosen) {
      const message = chosen ? `${detail.name} moves from ${detail.agent.name} to ${to}: ${detail.agent.name} no longer sees them on the sales dashboard.` : `${detail.name} is taken from ${detail.agent.name}, who no longer sees them on the sales dashboard.`;
      if (!(await ask({ title: chosen ? 'Give to another sales agent' : 'Take from their sales agent', message, confirmText: chosen ? `Give to ${to}` : 'Take them away', cancelText: 'Keep as it is' }))) return;
    }
    await assignAgent(client);
    said();
  };
  const onUnblock = async () => {
    if (!client) return;
    if (!(await ask({ title: 'Unblock', message: `${detail.name} may sign in again.`, confirmText: `Unblock ${detail.name}`, cancelText: 'Keep blocked' }))) return;
    await setBlocked(client, false);
    said();
  };

  return (
    <div className="flex flex-col gap-6">
      <Summary state={state} />
      <div role="status" aria-live="polite" tabIndex={-1} ref={report} className="outline-none" data-person-report>
        {state.report && <p className={`rounded-md p-3 text-sm ${state.report.tone === 'success' ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}>{state.report.text}</p>}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <RolesCard state={state} onSave={onSaveRoles} enabled={Boolean(client)} />
        <div className="flex flex-col gap-4">
          <AgentCard state={state} onSave={onSaveAgent} enabled={Boolean(client)} />
          <CustomerCard state={state} onAssign={onAssign} enabled={Boolean(client)} />
          <BlockCard state={state} onBlock={() => setBlocking(true)} onUnblock={onUnblock} enabled={Boolean(client)} />
        </div>
      </div>
      <RecentCard state={state} />
      {confirmDialog}
      {client && (
        <BlockDialog
          open={blocking}
          name={detail.name}
          question={blockQuestion(detail)}
          busy={state.busy === 'block'}
          onClose={() => setBlocking(false)}
          onBlock={async (reason) => {
            await setBlocked(client, true, reason);
            setBlocking(false);
            said();
          }}
        />
      )}
    </div>
  );
}

function Summary({ state }: { state: PersonState }) {
  const { detail } = state;
  const badges = roleBadges(detail);
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-wrap items-center gap-2 text-sm" data-badges>
        {badges.length === 0 && <li className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium">Shopper</li>}
        {badges.map((badge) => <li key={badge} className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium">{badge}</li>)}
        {detail.blocked && <li className="rounded-full border border-red-700 bg-red-50 px-2.5 py-0.5 text-xs font-medium text-red-900" data-blocked>Blocked</li>}
        {detail.self && <li className="rounded-full border border-border px-2.5 py-0.5 text-xs">You</li>}
      </ul>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <a href={`tel:+91${detail.phone}`} className={`text-foreground underline ${FOCUS}`}>{detail.phone}</a>
        <span className="break-all">{detail.email}</span>
        <span>joined {formatDate(detail.joined_at)}</span>
        <span data-sessions>{detail.sessions === 0 ? 'not signed in anywhere' : detail.sessions === 1 ? 'signed in on 1 device' : `signed in on ${detail.sessions} devices`}</span>
      </p>
    </div>
  );
}

/** A box with its label and hint, or the reason it cannot be changed. */
function Box({ name, label, hint, checked, lock, saved, onChange, enabled }: { name: string; label: string; hint: string; checked: boolean; lock: string | null; saved: boolean; onChange: (v: boolean) => void; enabled: boolean }) {
  const id = useId();
  // Locked from what is saved: only when the box still shows what is saved (a box changed already can go back).
  const locked = Boolean(lock) && checked === saved;
  return (
    <div className="flex items-start gap-3">
      <input id={id} name={name} type="checkbox" className={BOX} checked={checked} disabled={!enabled || locked} aria-describedby={`${id}-hint`} onChange={(e) => onChange(e.currentTarget.checked)} />
      <div className="flex flex-col">
        <label htmlFor={id} className="text-sm font-medium">{label}</label>
        <span id={`${id}-hint`} className={`text-xs ${locked ? 'text-amber-900' : 'text-muted-foreground'}`}>{locked ? lock : hint}</span>
      </div>
    </div>
  );
}

function RolesCard({ state, onSave, enabled }: { state: PersonState; onSave: () => void; enabled: boolean }) {
  const { detail, roles } = state;
  const locks = rolesLocks(detail);
  const changed = rolesBody(detail, roles) !== null;
  return (
    <section className={CARD} aria-labelledby="p-roles">
      <h2 id="p-roles" className={H2}>Roles and permissions</h2>
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          onSave();
        }}
      >
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-semibold">Roles</legend>
          <Box name="superadmin" label="Super administrator" hint="Holds every permission, on every website; may make other super administrators" checked={roles.superadmin} saved={detail.superadmin} lock={locks.superadmin} onChange={(v) => editRoles({ superadmin: v })} enabled={enabled} />
          <Box name="has_admin_access" label="Back-office access" hint="May open the back office, with the permissions below" checked={roles.has_admin_access} saved={detail.has_admin_access} lock={locks.has_admin_access} onChange={(v) => editRoles({ has_admin_access: v })} enabled={enabled} />
        </fieldset>
        <fieldset className="flex flex-col gap-3" aria-describedby={state.errors.permissions ? 'p-permissions-error' : undefined}>
          <legend className="mb-1 text-sm font-semibold">Permissions</legend>
          {STAFF_PERMISSIONS.map((p) => (
            <Box
              key={p}
              name="permissions"
              label={`${PERMISSION_WORDS[p].label} (${p})`}
              hint={PERMISSION_WORDS[p].hint}
              checked={roles.permissions.includes(p)}
              saved={detail.permissions.includes(p)}
              lock={locks.permissions[p]}
              onChange={(v) => editRoles({ permissions: v ? [...roles.permissions, p] : roles.permissions.filter((x) => x !== p) })}
              enabled={enabled}
            />
          ))}
          {state.errors.permissions && <p id="p-permissions-error" role="alert" className="text-xs text-red-600">{state.errors.permissions}</p>}
        </fieldset>
        {(state.errors.superadmin || state.errors.has_admin_access) && <p role="alert" className="text-xs text-red-600">{state.errors.superadmin || state.errors.has_admin_access}</p>}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={`${BUTTON} bg-primary text-primary-foreground`} disabled={!enabled || !changed || state.busy !== null} aria-busy={state.busy === 'roles' || undefined}>
            {state.busy === 'roles' ? 'Saving…' : 'Save roles and permissions'}
          </button>
          {changed && <button type="button" className={`${BUTTON} border border-border`} onClick={resetForms}>Undo changes</button>}
        </div>
      </form>
    </section>
  );
}

function AgentCard({ state, onSave, enabled }: { state: PersonState; onSave: () => void; enabled: boolean }) {
  const { detail, agent } = state;
  const locks = agentLocks(detail);
  const built = agentBody(detail, agent);
  const changed = !('body' in built) || built.body !== null;
  return (
    <section className={CARD} aria-labelledby="p-agent">
      <h2 id="p-agent" className={H2}>Sales agent</h2>
      <form
        className="flex flex-col gap-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSave();
        }}
      >
        <Box name="sales_agent" label="Sales agent" hint="Has the sales dashboard; customers can be given to them, and they order for them" checked={agent.sales_agent} saved={detail.sales_agent} lock={locks.sales_agent} onChange={(v) => editAgent({ sales_agent: v })} enabled={enabled} />
        {agent.sales_agent && (
          <Field
            name="commission"
            label="Commission (%)"
            inputMode="decimal"
            readonly={!enabled || Boolean(locks.commission)}
            description={locks.commission ?? 'Of the goods’ value of the orders they place, after discounts (2 means 2%)'}
            value={agent.commission}
            onChange={(v) => editAgent({ commission: String(v ?? '') })}
            error={state.errors.commission || undefined}
          />
        )}
        {state.errors.sales_agent && <p role="alert" className="text-xs text-red-600">{state.errors.sales_agent}</p>}
        {detail.sales_agent && (
          <p className="text-sm" data-customers>
            {detail.customers === 0 ? 'No customers on this website yet.' : `${detail.customers.toLocaleString('en-IN')} ${detail.customers === 1 ? 'customer' : 'customers'} on this website.`}{' '}
            {detail.customers > 0 && <a href={`/bos/admin/people?agent=${detail.id}`} className={`text-primary underline ${FOCUS}`}>See their customers</a>}
          </p>
        )}
        <div>
          <button type="submit" className={`${BUTTON} bg-primary text-primary-foreground`} disabled={!enabled || !changed || state.busy !== null} aria-busy={state.busy === 'agent' || undefined}>
            {state.busy === 'agent' ? 'Saving…' : 'Save sales agent'}
          </button>
        </div>
      </form>
    </section>
  );
}

function CustomerCard({ state, onAssign, enabled }: { state: PersonState; onAssign: () => void; enabled: boolean }) {
  const { detail } = state;
  const choices = agentChoices(state.agents, detail);
  const same = (detail.agent ? String(detail.agent.id) : '') === state.chosenAgent;
  return (
    <section className={CARD} aria-labelledby="p-customer">
      <h2 id="p-customer" className={H2}>Their sales agent</h2>
      <p className="text-sm text-muted-foreground">
        {detail.agent ? `A customer of ${detail.agent.name} on this website.` : 'Nobody’s customer on this website.'} The agent sees them on the sales dashboard and orders for them.
      </p>
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          onAssign();
        }}
      >
        <Field name="agent_id" type="select" label="Sales agent" placeholder="None" options={choices} value={state.chosenAgent} onChange={(v) => chooseAgent(String(v ?? ''))} error={state.errors.assign || undefined} readonly={!enabled} />
        <div>
          <button type="submit" className={`${BUTTON} bg-primary text-primary-foreground`} disabled={!enabled || same || state.busy !== null} aria-busy={state.busy === 'assign' || undefined}>
            {state.busy === 'assign' ? 'Saving…' : state.chosenAgent || !detail.agent ? (detail.agent ? 'Give to this agent instead' : 'Give to this agent') : 'Take from their agent'}
          </button>
        </div>
      </form>
    </section>
  );
}

function BlockCard({ state, onBlock, onUnblock, enabled }: { state: PersonState; onBlock: () => void; onUnblock: () => void; enabled: boolean }) {
  const { detail } = state;
  const lock = blockLock(detail);
  return (
    <section className={CARD} aria-labelledby="p-block">
      <h2 id="p-block" className={H2}>Block</h2>
      {detail.blocked ? (
        <p className="text-sm" data-blocked-since>
          Blocked {detail.blocked_at ? formatDateTime(detail.blocked_at) : ''}{detail.blocked_by ? ` by ${detail.blocked_by.name}` : ''}. They cannot sign in.
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">A blocked user is signed out everywhere at once and cannot sign in until unblocked.</p>
      )}
      {lock && <p className="text-xs text-amber-900">{lock}</p>}
      {state.errors.blocked && <p role="alert" className="text-xs text-red-600">{state.errors.blocked}</p>}
      <div>
        {detail.blocked ? (
          <button type="button" className={`${BUTTON} border border-border`} disabled={!enabled || Boolean(lock) || state.busy !== null} onClick={onUnblock}>Unblock {detail.name}</button>
        ) : (
          <button type="button" className={`${BUTTON} bg-red-700 text-white`} disabled={!enabled || Boolean(lock) || state.busy !== null} onClick={onBlock}>Block {detail.name}…</button>
        )}
      </div>
    </section>
  );
}

function RecentCard({ state }: { state: PersonState }) {
  const { detail, recent } = state;
  return (
    <section className={CARD} aria-labelledby="p-recent">
      <h2 id="p-recent" className={H2}>Latest changes to {detail.name}</h2>
      {recent.length === 0 ? (
        <p className="text-sm text-muted-foreground">No staff change yet.</p>
      ) : (
        <ol className="flex flex-col divide-y divide-border text-sm" data-recent>
          {recent.map((row) => (
            <li key={row.id} className="grid gap-1 py-2 md:grid-cols-[12rem_minmax(0,1fr)]">
              <span className="text-muted-foreground">{formatDateTime(row.at)} · {row.who.name ?? `User #${row.who.id}`}</span>
              <div>
                <span className="font-medium">{actionWords(row.action)}</span>
                {row.reason && <span className="text-muted-foreground"> · {row.reason}</span>}
                <ChangeList before={row.before} after={row.after} />
              </div>
            </li>
          ))}
        </ol>
      )}
      <a href={`/bos/admin/audit?subject=user&subject_id=${detail.id}`} className={`self-start text-sm text-primary underline ${FOCUS}`}>Every change to {detail.name} in the audit log</a>
    </section>
  );
}

function BlockDialog({ open, name, question, busy, onClose, onBlock }: { open: boolean; name: string; question: string; busy: boolean; onClose: () => void; onBlock: (reason: string) => Promise<void> }) {
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (open) setReason('');
  }, [open]);
  return (
    <Modal open={open} title={`Block ${name}`} hideFooter width={520} onClose={onClose}>
      <form
        className="flex flex-col gap-3"
        data-block-form
        onSubmit={async (e) => {
          e.preventDefault();
          await onBlock(reason);
        }}
      >
        <p className="text-sm">{question}</p>
        <Field name="reason" label="Why (kept in the audit log)" value={reason} onChange={(v) => setReason(String(v ?? '').slice(0, 300))} />
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onClose} className={`${BUTTON} border border-border`}>Keep them</button>
          <button type="submit" disabled={busy} className={`${BUTTON} bg-red-700 text-white`}>Block and sign out</button>
        </div>
      </form>
    </Modal>
  );
}
