import { useQuery } from '@tanstack/react-query';

/**
 * A QR code of a text as an SVG data address for an <img> (allowed by the CSP's img-src data:).
 * SVG stays sharp when the join sheet is printed. The code depends only on the text, so it is
 * computed once per text; the QR library (about 8 KB) is fetched with the first code drawn.
 */
export function useQrCode(text: string) {
  return useQuery({
    queryKey: ['qrCode', text],
    queryFn: async () => {
      const { toString: renderQrCode } = await import('qrcode');
      const svg = await renderQrCode(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
      return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
