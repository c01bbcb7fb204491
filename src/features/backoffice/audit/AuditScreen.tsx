import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { peopleApi } from '../../../lib/api/bos-people';
import { formatDateTime } from '../../../lib/format';
import { Field } from '../../../ui/Field';
import { Pagination } from '../../../ui/Pagination';
import { useHydrated } from '../../../ui/use-hydrated';
import { actionWords, activeFilters, auditHref, exportHref, exportNote, filterChoices, NO_AUDIT_FILTERS, readAuditQuery, subjectHref, subjectText, type AuditFilters } from './audit';
import { ChangeList } from './ChangeList';
import { $audit, followAddress, seededAudit, seedAudit, showAudit, type AuditSeed, type AuditState } from './store';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
const BUTTON = `inline-flex min-h-11 items-center rounded-md px-4 text-sm font-medium ${FOCUS}`;
const DATE_INPUT = `h-11 w-full rounded-md border border-border bg-background px-3 text-sm ${FOCUS}`;

/**
 * /bos/admin/audit: every staff change on this website, newest first: when (India's time), who, what, about what
 * (a link to its page where it has one) and before → after in words, with the reason. Filters (who, kind of
 * subject, action, India's dates) and the page are kept in the address; Export CSV downloads the same rows.
 * Server-rendered from the address (a GET form without script); hydrated on load, it loads each view on its own.
 */
export default function AuditScreen(props: AuditSeed) {
  const hydrated = useHydrated();
  const live = useStore($audit);
  useEffect(() => {
    seedAudit(props);
    const back = () => void followAddress(peopleApi(), readAuditQuery(new URLSearchParams(location.search)));
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  }, []);
  const state: AuditState = hydrated && live ? live : seededAudit(props);
  const client = hydrated ? peopleApi() : null;
  const { query, list } = state;

  return (
    <div className="flex flex-col gap-4">
      <Filters state={state} onApply={client && ((filters) => void showAudit(client, { filters }))} />
      <div className="flex flex-wrap items-center gap-3">
        <a href={exportHref(query.filters)} download className={`${BUTTON} border border-border`} data-export>
          Export CSV
        </a>
        <p className="text-sm text-muted-foreground">{exportNote(list.meta.total)}</p>
      </div>
      {state.error && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{state.error}</p>}
      <p role="status" className="sr-only">{state.loading ? 'Loading…' : `${list.meta.total} changes`}</p>
      <div aria-busy={state.loading || undefined} className={`transition-opacity ${state.loading ? 'opacity-60' : ''}`}>
        {list.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground" data-audit-empty>
            No changes{activeFilters(query.filters) ? ' with these filters' : ' yet'}.
          </p>
        ) : (
          <AuditTable state={state} />
        )}
      </div>
      {list.meta.total > 0 && (
        <Pagination
          label="Audit log pages"
          total={list.meta.total}
          perPage={query.perPage}
          page={query.page}
          {...(client
            ? { onPageChange: (page: number) => void showAudit(client, { page }), onPerPageChange: (perPage: number) => void showAudit(client, { perPage }) }
            : { hrefFor: (page: number) => auditHref({ ...query, page }) })}
        />
      )}
    </div>
  );
}

function Filters({ state, onApply }: { state: AuditState; onApply: ((filters: AuditFilters) => void) | null }) {
  const { query } = state;
  const [draft, setDraft] = useState<AuditFilters>(query.filters);
  useEffect(() => setDraft(query.filters), [query.filters]);
  const set = (key: keyof AuditFilters) => (value: unknown) => setDraft((d) => ({ ...d, [key]: String(value ?? ''), ...(key === 'subject' ? { subject_id: '' } : {}) }));
  const choices = filterChoices(state.options, draft);
  const count = activeFilters(query.filters);
  return (
    <form
      method="get"
      action="/bos/admin/audit"
      role="search"
      aria-label="Filter the audit log"
      className="rounded-lg border border-border p-3"
      onSubmit={(e) => {
        if (!onApply) return;
        e.preventDefault();
        onApply(draft);
      }}
    >
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Field name="who" type="select" label="Who" placeholder="Anyone" options={choices.who} value={draft.who} onChange={set('who')} />
        <Field name="subject" type="select" label="About" placeholder="Anything" options={choices.subject} value={draft.subject} onChange={set('subject')} />
        <Field name="action" type="select" label="Action" placeholder="Any action" options={choices.action} value={draft.action} onChange={set('action')} />
        <Field name="from" type="custom" label="From (IST)">
          {({ id, describedBy }) => <input id={id} name="from" type="date" aria-describedby={describedBy} value={draft.from} max={draft.to || undefined} onChange={(e) => set('from')(e.currentTarget.value)} className={DATE_INPUT} />}
        </Field>
        <Field name="to" type="custom" label="To (IST)">
          {({ id, describedBy }) => <input id={id} name="to" type="date" aria-describedby={describedBy} value={draft.to} min={draft.from || undefined} onChange={(e) => set('to')(e.currentTarget.value)} className={DATE_INPUT} />}
        </Field>
      </div>
      {draft.subject_id && <input type="hidden" name="subject_id" value={draft.subject_id} />}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button type="submit" className={`${BUTTON} bg-primary text-primary-foreground`}>Apply filters</button>
        {query.filters.subject_id && (
          <p className="flex min-h-11 items-center rounded-full border border-border px-3 text-sm" data-subject-filter>
            Only {query.filters.subject ? `${query.filters.subject} ` : ''}#{query.filters.subject_id}
          </p>
        )}
        {count > 0 && (
          <a
            href={auditHref({ ...query, filters: NO_AUDIT_FILTERS, page: 1 })}
            onClick={(e) => {
              if (!onApply) return;
              e.preventDefault();
              onApply(NO_AUDIT_FILTERS);
            }}
            className={`${BUTTON} border border-border`}
          >
            Clear filters
          </a>
        )}
      </div>
    </form>
  );
}

function AuditTable({ state }: { state: AuditState }) {
  const TH = 'px-3 py-2 text-left font-medium';
  const TD = 'px-3 py-2 align-top';
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full min-w-[44rem] text-sm">
        <caption className="sr-only">Staff changes, newest first</caption>
        <thead className="bg-muted/50">
          <tr>
            <th scope="col" className={TH}>When (IST)</th>
            <th scope="col" className={TH}>Who</th>
            <th scope="col" className={TH}>What</th>
            <th scope="col" className={`${TH} w-2/5`}>Before → after</th>
          </tr>
        </thead>
        <tbody>
          {state.list.data.map((row) => {
            const href = subjectHref(row);
            return (
              <tr key={row.id} className="border-t border-border" data-audit-row={row.id} data-action={row.action}>
                <td className={`${TD} whitespace-nowrap tabular-nums`}>{formatDateTime(row.at)}</td>
                <td className={TD}>
                  {row.who.name ? <a href={`/bos/admin/people/${row.who.id}`} className={`text-primary underline ${FOCUS}`}>{row.who.name}</a> : `User #${row.who.id}`}
                </td>
                <th scope="row" className={`${TD} text-left font-normal`}>
                  <span className="block font-medium">{actionWords(row.action)}</span>
                  {href ? <a href={href} className={`text-primary underline ${FOCUS}`}>{subjectText(row)}</a> : <span>{subjectText(row)}</span>}
                  {row.reason && <span className="mt-1 block text-xs text-muted-foreground">Reason: {row.reason}</span>}
                </th>
                <td className={TD}>
                  <ChangeList before={row.before} after={row.after} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
