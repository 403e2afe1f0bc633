import type { UserArea } from '../../../lib/auth.ts';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

/** The export's file, read whole, and the name the server gave it. */
export interface ExportFile {
  blob: Blob;
  filename: string;
}

/** Bytes read so far; `total` is null when the response did not say its length. */
export interface ExportProgress {
  received: number;
  total: number | null;
}

interface DownloadOptions {
  signal: AbortSignal;
  /** Called once the server has made the file and begun to send it, then after each chunk. */
  onProgress: (progress: ExportProgress) => void;
}

const FALLBACK_FILENAME = 'kolikko-export.zip';

function exportPath(area: UserArea, userId: string): string {
  return `/api/${area === 'teacher' ? 'admin' : 'member'}/${encodeURIComponent(userId)}/export`;
}

function filenameOf(response: Response): string {
  return /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? FALLBACK_FILENAME;
}

/** The byte count to show progress against; a compressed body's length is not what the reader counts. */
function totalOf(response: Response): number | null {
  const length = Number(response.headers.get('Content-Length'));
  return response.headers.has('Content-Encoding') || !Number.isFinite(length) || length <= 0 ? null : length;
}

/** A failed answer as the API client reports one; a 401 goes to the client's one handler of it. */
async function errorOf(response: Response): Promise<ApiError> {
  // The 401 handler lives in the API client: a session check that also answers 401 reaches it.
  if (response.status === 401) await apiRequest('/checkStatus').catch(() => undefined);
  const body: unknown = await response.json().catch(() => null);
  const code = typeof body === 'object' && body !== null && 'errorCode' in body && typeof body.errorCode === 'string' ? body.errorCode : 'SERVER.ERROR';
  return new ApiError(response.status, code);
}

/** Anything but an abort (the user's Cancel) reads as the network's failure. */
function asApiError(error: unknown): unknown {
  return error instanceof DOMException && error.name === 'AbortError' ? error : new ApiError(0, 'SERVER.ERROR');
}

/**
 * Downloads the signed-in user's data export (issue 18): a ZIP the server makes first and then
 * sends with its length. The body is read chunk by chunk, not through `apiRequest`, so the page
 * can show how much has arrived.
 */
export async function downloadExport(area: UserArea, userId: string, { signal, onProgress }: DownloadOptions): Promise<ExportFile> {
  let response: Response;
  try {
    response = await fetch(exportPath(area, userId), {
      credentials: 'same-origin',
      headers: { Accept: 'application/zip, application/json', 'Accept-Language': currentLanguage() },
      signal,
    });
  } catch (error) {
    throw asApiError(error);
  }
  if (!response.ok || !response.body) throw await errorOf(response);

  const total = totalOf(response);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress({ received, total });
  const reader = response.body.getReader();
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      chunks.push(chunk.value);
      received += chunk.value.byteLength;
      onProgress({ received, total });
    }
  } catch (error) {
    throw asApiError(error);
  }
  return { blob: new Blob(chunks, { type: 'application/zip' }), filename: filenameOf(response) };
}
