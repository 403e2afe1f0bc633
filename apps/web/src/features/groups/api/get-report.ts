import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TReport } from '@kolikko/core/schemas/reports';
import { ApiError, apiRequest, DEMO_AS } from '../../../lib/api-client.ts';
import type { ReportRange } from '../report-range.ts';

export function reportQueryKey(groupId: string, range: ReportRange) {
  return ['report', groupId, range.from, range.to] as const;
}

function reportPath(groupId: string, range: ReportRange): string {
  return `/group/${encodeURIComponent(groupId)}/report?from=${range.from}&to=${range.to}`;
}

/** How long the saved file's object URL lives: revoked at once, some browsers cancel the save. */
const REVOKE_AFTER_MS = 40_000;

/**
 * Downloads the class report's spreadsheet (its column names in `language`) and saves it under the
 * server's file name. Fetched, not a plain link, so a refusal shows as an error here rather than
 * as a file of JSON, and the demo's own header goes along.
 */
export async function downloadReportCsv(groupId: string, range: ReportRange, language: string): Promise<string> {
  const headers: Record<string, string> = { Accept: 'text/csv', 'Accept-Language': language };
  if (DEMO_AS !== null) headers['X-Kolikko-Demo-As'] = DEMO_AS;
  let response: Response;
  try {
    response = await fetch(`/api${reportPath(groupId, range)}&format=csv&lang=${language}`, { credentials: 'same-origin', headers });
  } catch {
    throw new ApiError(0, 'SERVER.ERROR');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { errorCode?: unknown } | null;
    throw new ApiError(response.status, typeof body?.errorCode === 'string' ? body.errorCode : 'SERVER.ERROR');
  }
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `report-${range.from}-${range.to}.csv`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  return filename;
}

/** Each student's numbers over the range, and the class's. The last range's report stays on screen while the next one loads. */
export function useReport(groupId: string, range: ReportRange | null) {
  const asked = range ?? { from: '', to: '' };
  return useQuery({
    queryKey: reportQueryKey(groupId, asked),
    queryFn: ({ signal }) => apiRequest<TReport>(reportPath(groupId, asked), { signal }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}
