import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** What the scan dialog needs of a barcode detector: the codes in a video frame. */
export type CodeDetector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };

/**
 * The browser's own BarcodeDetector where it reads QR codes (Android, macOS, ChromeOS), else the
 * ZXing WebAssembly one, its .wasm served by Stockyard itself (and cached for offline use), loaded only
 * when a scan starts.
 */
export async function qrDetector(): Promise<CodeDetector> {
  const native = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (native && (await native.getSupportedFormats().catch((): string[] => [])).includes('qr_code')) {
    return new native({ formats: ['qr_code'] });
  }
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ['qr_code'] as const });
}

type BarcodeDetectorClass = {
  new (options: { formats: string[] }): CodeDetector;
  getSupportedFormats(): Promise<string[]>;
};
