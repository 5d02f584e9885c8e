/** What an upload came back with: the server's envelope, or nothing known (no reply, a time-out, not our JSON). */
export type UploadReply = { code: number; result: unknown; meta?: Record<string, unknown> } | null;

/** Large files may take a while on a warehouse connection; after this the outcome is unknown. */
export const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/**
 * POSTs a file with upload progress (fetch has none for request bodies): `onProgress` gets 0..1.
 * The catalogue import is an idempotent upsert, so sending the same file again after an unknown
 * outcome is safe.
 */
export function uploadWithProgress(url: string, file: Blob, contentType: string, token: string, onProgress: (fraction: number) => void): Promise<UploadReply> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('content-type', contentType);
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      try {
        const body = JSON.parse(xhr.responseText) as UploadReply;
        resolve(body && typeof body.code === 'number' && 'result' in body ? body : null);
      } catch {
        resolve(null);
      }
    };
    xhr.onerror = xhr.ontimeout = xhr.onabort = () => resolve(null);
    xhr.send(file);
  });
}
