/**
 * Reads a code from the camera's picture in the browser (ADR 0044): the browser's own BarcodeDetector where it
 * reads every format the scanner needs, else ZXing compiled to WebAssembly (`zxing-wasm`), loaded only when
 * the camera starts on the scanner page. Either answers the text of the first code in a video frame.
 */
import { DETECTOR_FORMATS, SCANNER_PAGE } from '~/models/scanner'

export type CodeReader = {
  kind: 'native' | 'wasm'
  /** The text of a code in the video's current frame, or null when none is there. */
  read(video: HTMLVideoElement): Promise<string | null>
}

type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> }
type DetectorClass = {
  new (options: { formats: string[] }): Detector
  getSupportedFormats(): Promise<string[]>
}

/**
 * The reader this browser has; 'reload' when only the WebAssembly one would do and this document may not
 * compile WebAssembly (see documentMayCompileWasm): the page must be loaded anew.
 */
export async function codeReader(): Promise<CodeReader | 'reload'> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector
  if (Native) {
    const supported = await Native.getSupportedFormats().catch(() => [] as string[])
    if (DETECTOR_FORMATS.every((format) => supported.includes(format))) {
      const detector = new Native({ formats: [...DETECTOR_FORMATS] })
      return {
        kind: 'native',
        read: async (video) => (await detector.detect(video))[0]?.rawValue ?? null,
      }
    }
  }
  if (!documentMayCompileWasm()) return 'reload'
  const { wasmCodeReader } = await import('./code-reader-wasm')
  return wasmCodeReader()
}

/**
 * Whether this document may compile WebAssembly: the shop's CSP allows it on the scanner's pages only
 * (server/security.mjs), and a document keeps the CSP it was loaded with, also after client-side navigation.
 */
export function documentMayCompileWasm(): boolean {
  const entry = performance.getEntriesByType('navigation')[0]
  const loaded = entry ? new URL(entry.name).pathname : window.location.pathname
  return SCANNER_PAGE.test(loaded)
}
