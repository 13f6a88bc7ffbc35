/**
 * ZXing's reader in WebAssembly (ADR 0044), in a chunk of its own that only the scanner page loads when its
 * camera starts. The .wasm file is one of the shop's own fingerprinted assets (`?url`): the module's default
 * would fetch it from a CDN, which neither the CSP nor the shop's promise of no third parties allows.
 */
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader'
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url'
import { SCANNER_FORMATS } from '~/models/scanner'
import type { CodeReader } from './code-reader'

/** Frames are read at most this wide or high: enough for a code held in front of a phone's camera. */
const MAX_SIDE = 960

export async function wasmCodeReader(): Promise<CodeReader> {
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  })
  const canvas = document.createElement('canvas')
  const context = canvas.getContext('2d', { willReadFrequently: true })
  if (!context) throw new Error('no 2D canvas')
  return {
    kind: 'wasm',
    async read(video) {
      const { videoWidth: width, videoHeight: height } = video
      if (!width || !height) return null
      const scale = Math.min(1, MAX_SIDE / Math.max(width, height))
      canvas.width = Math.round(width * scale)
      canvas.height = Math.round(height * scale)
      context.drawImage(video, 0, 0, canvas.width, canvas.height)
      const frame = context.getImageData(0, 0, canvas.width, canvas.height)
      const [hit] = await readBarcodes(frame, {
        formats: [...SCANNER_FORMATS],
        tryHarder: true,
        maxNumberOfSymbols: 1,
      })
      return hit?.text || null
    },
  }
}
