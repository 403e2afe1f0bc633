// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { downloadExport, type ExportProgress } from './download-export.ts';

const USER_ID = '00000000-0000-4000-8000-000000000001';

/** A response whose body arrives in these chunks. */
function zipResponse(chunks: number[], headers: Record<string, string>): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const size of chunks) controller.enqueue(new Uint8Array(size));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'application/zip', ...headers } });
}

function stubFetch(...answers: (Response | Error)[]) {
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) => {
    const answer = answers.shift();
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve(answer ?? new Response(null, { status: 500 }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function download(area: 'teacher' | 'student' = 'teacher') {
  const progress: ExportProgress[] = [];
  const file = await downloadExport(area, USER_ID, { signal: new AbortController().signal, onProgress: (p) => progress.push(p) });
  return { file, progress };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('downloadExport', () => {
  it("reads the user's own export chunk by chunk against its Content-Length, and names it as the server did", async () => {
    const fetchMock = stubFetch(zipResponse([3, 5], { 'Content-Length': '8', 'Content-Disposition': 'attachment; filename="kolikko-maija-2026-11-24.zip"' }));
    const { file, progress } = await download();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/admin/${USER_ID}/export`);
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'same-origin' });
    expect(progress).toEqual([
      { received: 0, total: 8 },
      { received: 3, total: 8 },
      { received: 8, total: 8 },
    ]);
    expect(file.filename).toBe('kolikko-maija-2026-11-24.zip');
    expect(file.blob.size).toBe(8);
    expect(file.blob.type).toBe('application/zip');
  });

  it("asks a student's at /member, and measures nothing against a length it cannot count", async () => {
    const fetchMock = stubFetch(zipResponse([4], { 'Content-Length': '2', 'Content-Encoding': 'gzip' }));
    const { file, progress } = await download('student');
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/member/${USER_ID}/export`);
    expect(progress.at(-1)).toEqual({ received: 4, total: null });
    expect(file.filename).toBe('kolikko-export.zip');
  });

  it("fails with the server's error code", async () => {
    const refusal = { errorCode: 'PERMISSION.INSUFFICIENT_PERMISSIONS', message: 'Not allowed' };
    stubFetch(new Response(JSON.stringify(refusal), { status: 403, headers: { 'Content-Type': 'application/json' } }));
    const failure = await download().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 403, errorCode: 'PERMISSION.INSUFFICIENT_PERMISSIONS' });
  });

  it('hands a 401 to the API client, which checks the session (and so reaches its one 401 handler)', async () => {
    const ended = () => new Response(JSON.stringify({ errorCode: 'AUTH.NO_AUTH' }), { status: 401, headers: { 'Content-Type': 'application/json' } });
    const fetchMock = stubFetch(ended(), ended());
    await expect(download()).rejects.toMatchObject({ status: 401, errorCode: 'AUTH.NO_AUTH' });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([`/api/admin/${USER_ID}/export`, '/api/checkStatus']);
  });

  it('reads a failed network as the server error, and lets a cancel through as an abort', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    await expect(download()).rejects.toMatchObject({ errorCode: 'SERVER.ERROR' });
    stubFetch(new DOMException('The user aborted a request.', 'AbortError'));
    await expect(download()).rejects.toMatchObject({ name: 'AbortError' });
  });
});
