/**
 * Reads a QR code from the camera's video (issue 31): the browser's BarcodeDetector where it
 * exists and knows QR codes (Chrome on Android, ChromeOS and macOS, Edge), else jsQR, fetched
 * only then (46 KB gzipped: never with the login page itself).
 */
export interface QrReader {
  /** The text of a QR code in the video's current frame, or null. */
  read(video: HTMLVideoElement): Promise<string | null>;
}

interface DetectedBarcode {
  rawValue: string;
}

/** The Barcode Detection API's part used here; TypeScript's DOM types do not describe it yet. */
interface BarcodeDetectorApi {
  new (options: { formats: string[] }): { detect(source: HTMLVideoElement): Promise<DetectedBarcode[]> };
  getSupportedFormats(): Promise<string[]>;
}

function barcodeDetectorApi(): BarcodeDetectorApi | null {
  const api: unknown = Reflect.get(globalThis, 'BarcodeDetector');
  // Only a constructor with the static look-up is taken for the API.
  return typeof api === 'function' && 'getSupportedFormats' in api ? (api as BarcodeDetectorApi) : null;
}

async function nativeReader(): Promise<QrReader | null> {
  const api = barcodeDetectorApi();
  if (!api) return null;
  try {
    if (!(await api.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new api({ formats: ['qr_code'] });
    return {
      read: async (video) => (await detector.detect(video))[0]?.rawValue ?? null,
    };
  } catch {
    return null;
  }
}

/** Frames are scaled down to this width before jsQR reads them: enough for a badge held up, and fast. */
const SCAN_WIDTH = 640;

async function scriptReader(): Promise<QrReader> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    read: async (video) => {
      if (!context || video.videoWidth === 0) return null;
      const scale = Math.min(1, SCAN_WIDTH / video.videoWidth);
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const image = context.getImageData(0, 0, canvas.width, canvas.height);
      return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
    },
  };
}

export async function createQrReader(): Promise<QrReader> {
  return (await nativeReader()) ?? scriptReader();
}
