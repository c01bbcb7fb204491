/** The editor's shared looks and its problems' list (kept apart so the fields, pickers and rich text share them without a cycle). */
export const INPUT = 'min-h-11 w-full rounded-md border bg-background px-3 text-sm disabled:bg-muted focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary';
export const SMALL_BUTTON = 'inline-flex min-h-9 min-w-9 items-center justify-center gap-1 rounded-md border border-border px-2 text-xs font-medium hover:bg-muted disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary';

/** A field's problems, each on its line, in red. */
export function Problems({ id, problems }: { id?: string; problems: string[] }) {
  if (!problems.length) return null;
  return (
    <ul id={id} className="flex flex-col gap-0.5 text-xs font-medium text-red-700" data-field-error>
      {problems.map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ul>
  );
}
