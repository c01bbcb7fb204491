import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { peopleApi } from '../../../lib/api/bos-people';
import { formatDate } from '../../../lib/format';
import { Field } from '../../../ui/Field';
import { Pagination } from '../../../ui/Pagination';
import { useHydrated } from '../../../ui/use-hydrated';
import { activeFilters, BLOCKED_CHOICES, listCaption, NO_PEOPLE_FILTERS, peopleHref, PER_PAGE, readPeopleQuery, ROLE_CHOICES, roleBadges, type PeopleQuery } from './people';
import { $people, followAddress, seededPeople, seedPeople, showPeople, type PeopleSeed, type PeopleState } from './store';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
const BUTTON = `inline-flex min-h-11 items-center rounded-md px-4 text-sm font-medium ${FOCUS}`;
const SEARCH_AFTER_MS = 300;

/**
 * /bos/admin/people: users found by name, phone or email as one types (after a pause), narrowed by role, by block
 * and to one sales agent's customers, a page at a time; each row opens the user's page. Server-rendered from the
 * address (a GET form without script); hydrated on load, it loads each view on its own and keeps the address.
 */
export default function PeopleScreen(props: PeopleSeed) {
  const hydrated = useHydrated();
  const live = useStore($people);
  useEffect(() => {
    seedPeople(props);
    const back = () => void followAddress(peopleApi(), readPeopleQuery(new URLSearchParams(location.search)));
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  }, []);
  const state: PeopleState = hydrated && live ? live : seededPeople(props);
  const client = hydrated ? peopleApi() : null;
  const { query, list } = state;
  const [typed, setTyped] = useState(props.query.q);
  // Typing searches once it pauses; Enter searches at once.
  useEffect(() => {
    if (!client || typed.trim() === query.q.trim()) return;
    const timer = setTimeout(() => void showPeople(client, { q: typed.trim() }), SEARCH_AFTER_MS);
    return () => clearTimeout(timer);
  }, [typed, hydrated]);
  useEffect(() => setTyped((shown) => (shown.trim() === query.q ? shown : query.q)), [query.q]);

  const apply = (change: Partial<PeopleQuery>) => client && void showPeople(client, change);
  const onSubmit = (event: FormEvent) => {
    if (!client) return;
    event.preventDefault();
    void showPeople(client, { q: typed.trim() });
  };
  const filters = activeFilters(query);

  return (
    <div className="flex flex-col gap-4">
      <form method="get" action="/bos/admin/people" role="search" aria-label="Find people" className="flex flex-col gap-3 rounded-lg border border-border p-3" onSubmit={onSubmit}>
        <div className="grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
          <Field name="q" type="custom" label="Search by name, phone or email">
            {({ id, describedBy }) => (
              <input
                id={id}
                name="q"
                type="search"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                aria-describedby={describedBy}
                aria-controls="people-list"
                maxLength={80}
                autoComplete="off"
                placeholder="Asha, 98765 00001, asha@example.com"
                className={`h-11 w-full rounded-md border border-border bg-background px-3 text-sm focus:border-primary ${FOCUS}`}
              />
            )}
          </Field>
          <Field name="role" type="select" label="Role" placeholder="Everyone" options={ROLE_CHOICES} value={query.role} onChange={(v) => apply({ role: String(v ?? '') as PeopleQuery['role'] })} />
          <Field name="blocked" type="select" label="Blocked" placeholder="Blocked or not" options={BLOCKED_CHOICES} value={query.blocked} onChange={(v) => apply({ blocked: String(v ?? '') as PeopleQuery['blocked'] })} />
        </div>
        {query.agent && <input type="hidden" name="agent" value={query.agent} />}
        <div className="flex flex-wrap items-center gap-2">
          <button type="submit" className={`${BUTTON} bg-primary text-primary-foreground`}>Search</button>
          {query.agent && (
            <p className="flex min-h-11 items-center gap-2 rounded-full border border-border px-3 text-sm" data-agent-filter>
              Customers of {state.agentName ?? `sales agent #${query.agent}`}
              <a href={peopleHref({ ...query, agent: '', page: 1 })} onClick={(e) => client && (e.preventDefault(), apply({ agent: '' }))} className={`rounded px-1 text-primary underline ${FOCUS}`}>
                Show everyone
              </a>
            </p>
          )}
          {(filters > 0 || query.q) && (
            <a href={peopleHref({ ...NO_PEOPLE_FILTERS, page: 1 })} onClick={(e) => client && (e.preventDefault(), setTyped(''), apply({ ...NO_PEOPLE_FILTERS }))} className={`${BUTTON} border border-border`}>
              Clear search and filters
            </a>
          )}
        </div>
      </form>
      {state.error && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{state.error}</p>}
      <p role="status" className="sr-only">{state.loading ? 'Loading…' : listCaption(query, list.meta.total)}</p>
      <div id="people-list" aria-busy={state.loading || undefined} className={`transition-opacity ${state.loading ? 'opacity-60' : ''}`}>
        {list.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground" data-people-empty>
            Nobody {query.q ? `matches "${query.q}"` : 'here'}{filters ? ' with these filters' : ''}.
          </p>
        ) : (
          <PeopleTable state={state} />
        )}
      </div>
      {list.meta.total > 0 && (
        <Pagination
          label="People pages"
          total={list.meta.total}
          perPage={PER_PAGE}
          page={query.page}
          {...(client ? { onPageChange: (page: number) => void showPeople(client, { page }) } : { hrefFor: (page: number) => peopleHref({ ...query, page }) })}
        />
      )}
    </div>
  );
}

function PeopleTable({ state }: { state: PeopleState }) {
  const TH = 'px-3 py-2 text-left font-medium';
  const TD = 'px-3 py-2 align-top';
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">{listCaption(state.query, state.list.meta.total)}</caption>
        <thead className="bg-muted/50">
          <tr>
            <th scope="col" className={TH}>Name</th>
            <th scope="col" className={TH}>Phone and email</th>
            <th scope="col" className={TH}>Roles</th>
            <th scope="col" className={TH}>Sales agent</th>
            <th scope="col" className={TH}>Joined</th>
          </tr>
        </thead>
        <tbody>
          {state.list.data.map((user) => (
            <tr key={user.id} className="border-t border-border" data-person-row={user.id}>
              <th scope="row" className={`${TD} text-left font-medium`}>
                <a href={`/bos/admin/people/${user.id}`} className={`text-primary underline ${FOCUS}`}>{user.name}</a>
                {user.blocked && <span className="ml-2 rounded-full border border-red-700 bg-red-50 px-2 py-0.5 text-xs font-medium text-red-900" data-blocked>Blocked</span>}
              </th>
              <td className={TD}>
                <span className="whitespace-nowrap tabular-nums">{user.phone}</span>
                <span className="block break-all text-xs text-muted-foreground">{user.email}</span>
              </td>
              <td className={TD}>
                {roleBadges(user).length ? (
                  <ul className="flex flex-wrap gap-1">
                    {roleBadges(user).map((badge) => <li key={badge} className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium">{badge}</li>)}
                  </ul>
                ) : (
                  <span className="text-muted-foreground">Shopper</span>
                )}
              </td>
              <td className={TD}>{user.agent ? user.agent.name : <span className="text-muted-foreground">—</span>}</td>
              <td className={`${TD} whitespace-nowrap`}>{formatDate(user.joined_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
