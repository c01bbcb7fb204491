import { useId, useState } from 'react';
import type { PageVersion } from '../../../contract/page-builder';
import { formatDateTime } from '../../../lib/format';
import { useConfirm } from '../../../ui/Confirm';
import { useEditorContext } from './context';
import { INPUT } from './parts';
import { scheduleWords, type EditorState } from './store';
import { inIndia } from '../../../lib/india-time';

export const BUTTON = 'inline-flex min-h-11 items-center justify-center gap-1 rounded-md px-3 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
const STATE_WORDS: Record<EditorState['page']['state'], string> = { draft: 'Draft: not live yet', published: 'Published', changed: 'Published, with unpublished changes', scheduled: 'Scheduled' };

/** India's date and time now plus an hour, as the schedule's fields start ("2026-12-01", "09:00"). */
function inAnHour(): { date: string; time: string } {
  const later = inIndia(Date.now() + 60 * 60_000);
  return { date: later.format('YYYY-MM-DD'), time: later.format('HH:00') };
}

/**
 * Publish (now), Schedule (an IST date and time), Discard draft and the Versions panel. Publish says what it will
 * do and why it cannot while the draft has problems; what changes the live page or throws work away asks first.
 */
export function Actions({ state }: { state: EditorState }) {
  const { editor, canEdit } = useEditorContext();
  const [dialog, ask] = useConfirm();
  const [scheduling, setScheduling] = useState(false);
  const [when, setWhen] = useState(inAnHour);
  const [showVersions, setShowVersions] = useState(false);
  const reasonId = useId();
  const blocked = editor.publishBlocked(state);
  const busy = state.busy !== null;
  const { page } = state;
  const publishWords = page.live ? `Publish changes to ${page.url}` : `Publish ${page.url}`;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-muted px-3 py-1 text-xs font-semibold" data-page-state={page.state}>
          {page.state === 'scheduled' && page.scheduled_at ? `Scheduled for ${scheduleWords(page.scheduled_at)}` : STATE_WORDS[page.state]}
        </span>
        {page.published_at && <span className="text-xs text-muted-foreground">Last published {formatDateTime(page.published_at)}{page.published_by ? ` by ${page.published_by.name}` : ''}</span>}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={`${BUTTON} bg-primary text-primary-foreground`}
          disabled={!canEdit || blocked !== null || busy}
          aria-describedby={blocked ? reasonId : undefined}
          data-publish
          onClick={async () => {
            if (await ask({ title: publishWords, message: page.live ? `Shoppers will see this draft at ${page.url} at once, in place of what is live now. The version live now is kept: you can restore it later.` : `Shoppers will see this page at ${page.url} at once.`, confirmText: 'Publish now' })) await editor.publish();
          }}
        >
          {state.busy === 'publishing' ? 'Publishing…' : publishWords}
        </button>
        <button type="button" className={`${BUTTON} border border-border`} disabled={!canEdit || blocked !== null || busy} aria-expanded={scheduling} onClick={() => setScheduling(!scheduling)} data-schedule-open>
          Schedule…
        </button>
        <button
          type="button"
          className={`${BUTTON} border border-border`}
          disabled={!canEdit || busy || page.published_at === null || page.state === 'published'}
          title={page.published_at === null ? 'Never published: there is no published version to go back to' : undefined}
          data-discard
          onClick={async () => {
            if (await ask({ title: 'Discard the draft?', message: page.live ? `Every change since the last publish is thrown away; the editor shows ${page.url} as it is live now.` : 'Every change is thrown away: the page goes back to how it was when it was last saved as published. This cannot be undone.', confirmText: 'Discard draft' })) await editor.discard();
          }}
        >
          Discard draft
        </button>
        <button type="button" className={`${BUTTON} border border-border`} aria-expanded={showVersions} aria-controls="versions-panel" onClick={() => {
          if (!showVersions) void editor.loadVersions();
          setShowVersions(!showVersions);
        }} data-versions-open>
          Versions
        </button>
      </div>
      {page.state === 'scheduled' && page.scheduled_at && (
        <p className="text-sm" data-scheduled>
          Scheduled for {scheduleWords(page.scheduled_at)}: the draft as it is then goes live. Publishing now, discarding the draft or restoring a version ends the schedule.{' '}
          {canEdit && (
            <button type="button" className={`${BUTTON} border border-border`} disabled={busy} onClick={() => void editor.unschedule()} data-unschedule>
              Cancel schedule
            </button>
          )}
        </p>
      )}
      {blocked && canEdit && <p id={reasonId} className="text-sm text-red-700" data-publish-blocked>Publishing is off: {blocked}</p>}
      {scheduling && (
        <form
          className="flex flex-wrap items-end gap-2 rounded-md border border-border p-3"
          data-schedule-form
          onSubmit={async (e) => {
            e.preventDefault();
            const at = `${when.date}T${when.time}`;
            if (await ask({ title: 'Schedule this draft?', message: `${page.url} will show this draft from ${scheduleWords(`${at}:00+05:30`)} (India's time). Edits made before then are published with it.`, confirmText: 'Schedule' })) {
              if (await editor.publish(at)) setScheduling(false);
            }
          }}
        >
          <label className="flex flex-col gap-1 text-sm font-medium">
            Date (India's time)
            <input type="date" required value={when.date} onChange={(e) => setWhen({ ...when, date: e.target.value })} className={`${INPUT} border-border`} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Time
            <input type="time" required value={when.time} onChange={(e) => setWhen({ ...when, time: e.target.value })} className={`${INPUT} border-border`} />
          </label>
          <button type="submit" className={`${BUTTON} bg-primary text-primary-foreground`} disabled={busy}>Schedule</button>
          <button type="button" className={`${BUTTON} border border-border`} onClick={() => setScheduling(false)}>Cancel</button>
        </form>
      )}
      {showVersions && <Versions versions={state.versions} previewUrl={page.preview_url} onRestore={async (v) => {
        if (await ask({ title: `Restore version ${v.version}?`, message: `Version ${v.version} (published ${formatDateTime(v.published_at)}) becomes the draft, in place of the draft now. Nothing changes for shoppers until you publish it.`, confirmText: `Restore version ${v.version}` })) await editor.restore(v.version);
      }} canEdit={canEdit} busy={busy} />}
      {dialog}
    </div>
  );
}

function Versions({ versions, previewUrl, onRestore, canEdit, busy }: { versions: PageVersion[] | null; previewUrl: string; onRestore: (v: PageVersion) => void; canEdit: boolean; busy: boolean }) {
  return (
    <section id="versions-panel" aria-labelledby="versions-heading" className="flex flex-col gap-2 rounded-md border border-border p-3" data-versions>
      <h2 id="versions-heading" className="text-base font-semibold">Versions</h2>
      {versions === null ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : versions.length === 0 ? (
        <p className="text-sm text-muted-foreground">No version yet: each publish keeps one.</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">Published versions, newest first</caption>
          <thead>
            <tr className="text-left">
              <th scope="col" className="py-1 pr-2 font-medium">Version</th>
              <th scope="col" className="py-1 pr-2 font-medium">Published</th>
              <th scope="col" className="py-1 pr-2 font-medium">What changed</th>
              <th scope="col" className="py-1"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {versions.map((v) => (
              <tr key={v.version} className="border-t border-border align-top" data-version={v.version}>
                <th scope="row" className="py-2 pr-2 text-left font-semibold">{v.version}</th>
                <td className="py-2 pr-2">{formatDateTime(v.published_at)}{v.published_by ? <span className="block text-xs text-muted-foreground">by {v.published_by.name}</span> : null}</td>
                <td className="py-2 pr-2">{v.summary}</td>
                <td className="py-2">
                  <span className="flex flex-wrap justify-end gap-1">
                    <a className="inline-flex min-h-9 items-center rounded-md border border-border px-2 text-xs font-medium hover:bg-muted" href={`${previewUrl}?version=${v.version}`} target="_blank" rel="noopener" aria-label={`Preview version ${v.version} (opens a new tab)`}>Preview</a>
                    <button type="button" className="inline-flex min-h-9 items-center rounded-md border border-border px-2 text-xs font-medium hover:bg-muted disabled:opacity-50" disabled={!canEdit || busy} onClick={() => onRestore(v)} aria-label={`Restore version ${v.version}`}>Restore</button>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
