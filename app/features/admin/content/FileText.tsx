import type { ContentText } from "#common/api/admin-content";

/** The file's text under an edit made over it, folded away: what reverting brings back. */
export function FileText({ file }: { file: ContentText }) {
  return (
    <details className="rounded-xl border border-line p-3 text-sm">
      <summary className="cursor-pointer font-semibold">The file's text</summary>
      <dl className="mt-2 grid gap-1 text-xs">
        {Object.entries(file.attributes).map(([k, v]) => (
          <div key={k} className="flex gap-2">
            <dt className="text-muted">{k}</dt>
            <dd className="min-w-0 break-words">{String(v)}</dd>
          </div>
        ))}
      </dl>
      <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap break-words text-xs text-muted">
        {file.body}
      </pre>
    </details>
  );
}
