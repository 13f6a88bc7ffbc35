/**
 * The code scanner (feature scanner, issue 36): a code typed into the page's form finds its product, without
 * JavaScript too, in English and German; an unknown code says so; with JavaScript, Chromium's fake camera
 * shows a barcode of a seeded product's EAN, which the camera part reads (ZXing's WebAssembly from the shop's
 * own origin: Chromium on Linux has no BarcodeDetector) and looks up. The picture is made here, at test time,
 * from the product's EAN (zxing-wasm's writer), as a one-frame Y4M video the fake camera plays in a loop.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test as base, type APIRequestContext } from '@playwright/test'
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer'
import { expectAccessible, REST, textsOf, type Lang } from './helpers'

/** The fake camera's video: one per e2e shop (ports), written by whichever worker comes first. */
const VIDEO = path.join(os.tmpdir(), `scanner-e2e-${process.env.E2E_PORT ?? 3100}.y4m`)
const WIDTH = 640
const HEIGHT = 480

/** A product the demo catalog finds by its EAN, as the search spec picks one. */
async function productWithEan(request: APIRequestContext | typeof fetch) {
  const json = async (url: string) =>
    typeof request === 'function'
      ? ((await (await request(url)).json()) as any)
      : ((await (await request.get(url)).json()) as any)
  const found = await json(`${REST}/products?searchTerm=drill&amount=1&attrs=sku`)
  const sku = found.elements[0].attributes.find((a: { name: string }) => a.name === 'sku').value as string
  const product = await json(`${REST}/products/${sku}`)
  const ean = product.attributes.find((a: { name: string }) => a.name === 'EAN').value as string
  return { sku, ean, name: product.productName as string }
}

/**
 * A Y4M video (4:2:0, one frame) of the EAN-13 barcode of `ean`, black on white with quiet zones, each bar
 * module 4 pixels wide: what a phone's camera sees of a label held in front of it.
 */
async function writeBarcodeVideo(ean: string, file: string) {
  await prepareZXingModule({
    overrides: {
      wasmBinary: readFileSync(path.resolve('node_modules/zxing-wasm/dist/writer/zxing_writer.wasm'))
        .buffer as ArrayBuffer,
    },
    fireImmediately: true,
  })
  const { symbol, error } = await writeBarcode(ean, { format: 'EAN13', withQuietZones: false, scale: 1 })
  if (error) throw new Error(`cannot draw the barcode of ${ean}: ${error}`)
  const module = 4
  const rowHeight = 4
  const left = Math.floor((WIDTH - symbol.width * module) / 2)
  const top = Math.floor((HEIGHT - symbol.height * rowHeight) / 2)
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235)
  for (let y = 0; y < symbol.height * rowHeight; y++)
    for (let x = 0; x < symbol.width * module; x++)
      if (symbol.data[Math.floor(y / rowHeight) * symbol.width + Math.floor(x / module)] === 0)
        luma[(top + y) * WIDTH + left + x] = 16
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128)
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`)
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma])
  const temporary = `${file}.${process.pid}`
  writeFileSync(temporary, Buffer.concat([header, frame]))
  renameSync(temporary, file)
}

/**
 * Chromium with a fake camera showing the barcode: the project's browser (its executable and arguments) plus
 * the fake-media switches, for this spec only. The video is written before the browser starts.
 */
const test = base.extend<object, { barcode: { sku: string; ean: string; name: string } }>({
  barcode: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const product = await productWithEan(fetch)
      await writeBarcodeVideo(product.ean, VIDEO)
      await use(product)
    },
    { scope: 'worker' },
  ],
  launchOptions: [
    async ({ launchOptions, barcode }, use) => {
      expect(barcode.ean).toMatch(/^\d{13}$/)
      await use({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          '--use-fake-ui-for-media-stream',
          '--use-fake-device-for-media-stream',
          `--use-file-for-fake-video-capture=${VIDEO}`,
        ],
      })
    },
    { scope: 'worker' },
  ],
})

for (const lang of ['en', 'de'] as Lang[]) {
  test(`${lang}: a typed EAN opens its product, an unknown code says none was found`, async ({
    page,
    barcode,
  }) => {
    const t = await textsOf(lang)
    if (lang === 'de') await page.setViewportSize({ width: 360, height: 740 })
    await page.goto(`/${lang}/scanner`)
    await expect(page.getByRole('heading', { level: 1, name: t('scanner.title') })).toBeVisible()
    await expectAccessible(page)
    // The EAN as printed under a barcode, with spaces.
    const code = page.getByLabel(t('scanner.code.label'))
    await code.fill(`${barcode.ean.slice(0, 1)} ${barcode.ean.slice(1, 7)} ${barcode.ean.slice(7)}`)
    await page.getByRole('button', { name: t('scanner.code.submit') }).click()
    await expect(page).toHaveURL(new RegExp(`^[^?]*/${lang}/.*-prd${barcode.sku}$`))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

    await page.goto(`/${lang}/scanner`)
    await code.fill('2999999999994')
    await code.press('Enter')
    await expect(
      page.getByRole('status').filter({ hasText: t('ede.code_scanner.error_message.product_not_found') }),
    ).toBeVisible()
    await expect(page).toHaveURL(new RegExp(`/${lang}/scanner\\?code=2999999999994$`))
    await expect(code).toHaveValue('2999999999994')
    if (lang === 'de') {
      // Nothing wider than the phone's screen.
      const width = await page.evaluate(() => document.documentElement.scrollWidth)
      expect(width).toBeLessThanOrEqual(360)
    }
    await expectAccessible(page)
  })
}

test('the header leads a visitor to the scanner, where without JavaScript the form is all', async ({
  page,
}) => {
  const t = await textsOf('en')
  await page.goto('/en/home')
  await page
    .locator('.header-bar')
    .getByRole('link', { name: t('header.scanner') })
    .click()
  await expect(page).toHaveURL(/\/en\/scanner$/)
  await expect(page.getByLabel(t('scanner.code.label'))).toBeVisible()
  const javaScript = test.info().project.use.javaScriptEnabled !== false
  await expect(page.getByRole('button', { name: t('scanner.camera.start') })).toHaveCount(javaScript ? 1 : 0)
})

test('@js-only the camera reads a product’s barcode and opens the product, all from the shop’s origin', async ({
  page,
  barcode,
  baseURL,
}) => {
  const t = await textsOf('en')
  const elsewhere: string[] = []
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL!) && !request.url().startsWith('data:'))
      elsewhere.push(request.url())
  })
  const wasm = page.waitForResponse((response) => /\/assets\/zxing_reader-[\w-]+\.wasm$/.test(response.url()))
  await page.goto('/en/scanner')
  const start = page.getByRole('button', { name: t('scanner.camera.start') })
  await start.focus()
  await page.keyboard.press('Enter')
  // The decoder's WebAssembly comes from the shop itself, compiled under the page's CSP.
  const decoder = await wasm
  expect(decoder.status()).toBe(200)
  expect(decoder.headers()['content-type']).toBe('application/wasm')
  await expect(page).toHaveURL(new RegExp(`-prd${barcode.sku}$`), { timeout: 30_000 })
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(elsewhere).toEqual([])
})
