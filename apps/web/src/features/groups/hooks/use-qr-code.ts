import { useQueries, useQuery } from '@tanstack/react-query';

/**
 * A QR code of a text as an SVG data address for an <img> (allowed by the CSP's img-src data:).
 * SVG stays sharp when the join sheet is printed. The code depends only on the text, so it is
 * computed once per text; the QR library (about 8 KB) is fetched with the first code drawn.
 */
function qrCodeQuery(text: string) {
  return {
    queryKey: ['qrCode', text],
    queryFn: async () => {
      const { toString: renderQrCode } = await import('qrcode');
      const svg = await renderQrCode(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  };
}

export function useQrCode(text: string) {
  return useQuery(qrCodeQuery(text));
}

/** The QR codes of several texts (a sheet of badges): each one's image, and whether all are drawn or one failed. */
export function useQrCodes(texts: string[]) {
  return useQueries({
    queries: texts.map(qrCodeQuery),
    combine: (results) => ({
      images: results.map((result) => result.data),
      isReady: results.every((result) => result.isSuccess),
      isError: results.some((result) => result.isError),
    }),
  });
}
