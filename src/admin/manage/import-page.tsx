import { useState, type FormEvent } from 'react';
import { useDevice } from '../views/admin-context';
import { uploadWithProgress } from './upload-with-progress';

type Report = { kind: 'done'; counts: [string, { created: number; updated: number }][] } | { kind: 'refused'; problems: string[] } | { kind: 'unknown' };

/** Catalogue import by file (CSV of products or the API's JSON), with upload progress and the server's per-row problem report. */
export function ImportPage() {
  const device = useDevice();
  const [progress, setProgress] = useState<number | null>(null);
  const [report, setReport] = useState<Report | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('file');
    if (!(file instanceof File) || file.size === 0 || !device.token) return;
    const type = file.name.toLowerCase().endsWith('.csv') || file.type === 'text/csv' ? 'text/csv' : 'application/json';
    setReport(null);
    setProgress(0);
    const reply = await uploadWithProgress('/api/catalog/import', file, type, device.token, setProgress);
    setProgress(null);
    if (!reply || reply.code >= 500 || reply.code === 429) return setReport({ kind: 'unknown' });
    if (reply.code >= 400) {
      const problems = Array.isArray(reply.meta?.problems) ? (reply.meta.problems as string[]) : [String(reply.result)];
      return setReport({ kind: 'refused', problems });
    }
    const imported = (reply.result as { imported?: Record<string, { created: number; updated: number }> }).imported ?? {};
    setReport({ kind: 'done', counts: Object.entries(imported) });
  };

  return (
    <main>
      <h1>Catalogue import</h1>
      <form onSubmit={(e) => void submit(e)} className="import">
        <label htmlFor="import-file">Catalogue file (CSV of products, or JSON in the API's shape)</label>
        <input id="import-file" name="file" type="file" accept=".csv,.json,text/csv,application/json" required />
        <button type="submit" className="primary" disabled={progress !== null}>
          Import
        </button>
      </form>
      {progress !== null && (
        <p>
          <label htmlFor="import-progress">Uploading</label>
          <progress id="import-progress" max={1} value={progress} />
        </p>
      )}
      <div role="status">
        {report?.kind === 'done' && (
          <>
            <h2>Imported</h2>
            <ul>
              {report.counts.map(([entity, c]) => (
                <li key={entity}>
                  {entity}: {c.created} created, {c.updated} updated
                </li>
              ))}
            </ul>
          </>
        )}
        {report?.kind === 'refused' && (
          <>
            <h2>Nothing was imported: fix these rows and import the file again</h2>
            <ul className="refusal">
              {report.problems.map((p, i) => (
                <li key={i}>{p}</li>
              ))}
            </ul>
          </>
        )}
        {report?.kind === 'unknown' && <p className="refusal">The import could not be confirmed (no reply from the shop). Importing the same file again is safe.</p>}
      </div>
    </main>
  );
}
