import { auditChanges } from '../../../lib/audit-diff';

/**
 * An audit row's before → after as a list (lib/audit-diff.ts): each part that changed with its label, both sides,
 * and for a list what it gained (+) and lost (−). A screen reader hears "changed to" for the arrow.
 */
export function ChangeList({ before, after }: { before: unknown; after: unknown }) {
  const lines = auditChanges(before, after);
  if (!lines.length) return <span className="text-muted-foreground">No change recorded</span>;
  return (
    <ul className="flex flex-col gap-0.5" data-change-list>
      {lines.map((line, i) => (
        <li key={`${line.label}-${i}`} className="break-words">
          {line.label && <span className="font-medium">{line.label}: </span>}
          {line.set ? (
            <span>{line.after}</span>
          ) : line.added || line.removed ? (
            <>
              {line.added?.map((v) => (
                <ins key={`+${v}`} className="mr-1 rounded bg-green-50 px-1 text-green-900 no-underline">
                  <span aria-hidden="true">+ </span>
                  <span className="sr-only">added </span>
                  {v}
                </ins>
              ))}
              {line.removed?.map((v) => (
                <del key={`-${v}`} className="mr-1 rounded bg-red-50 px-1 text-red-900">
                  <span aria-hidden="true">− </span>
                  <span className="sr-only">removed </span>
                  {v}
                </del>
              ))}
            </>
          ) : (
            <>
              <span>{line.before}</span>
              <span aria-hidden="true"> → </span>
              <span className="sr-only"> changed to </span>
              <span>{line.after}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
