import { attachmentNameIsValid } from '../domain/attachments'
import { attachmentPdf, IMAGE_SIZES, imageViewOf, productSvg } from '../domain/images'
import { notFound } from '../http'
import type { RouteModule } from './context'

const IMMUTABLE = 'public, max-age=31536000, immutable'

/** Generated product pictures and attachments under ICM's static path. */
export const staticRoutes: RouteModule = (app, { site }) => {
  // Pictures per product in each of the image types' sizes: {style}/{size}/{sku}.svg, {sku}-{view}.svg.
  app.get('/INTERSHOP/static/WFS/:site/-/images/:style/:size/:file', async (request, reply) => {
    const params = request.params as { site: string; style: string; size: string; file: string }
    const style = Number(params.style)
    const size = Number(params.size)
    const view = imageViewOf(params.file)
    if (
      params.site !== site ||
      !Number.isInteger(style) ||
      style < 0 ||
      !(Object.values(IMAGE_SIZES) as number[]).includes(size) ||
      !view
    ) {
      throw notFound('static.not_found', 'No such image.')
    }
    reply.header('content-type', 'image/svg+xml').header('cache-control', IMMUTABLE)
    return productSvg(style, view, size)
  })

  app.get('/INTERSHOP/static/WFS/:site/-/attachments/:key', async (request, reply) => {
    const { site: requested, key } = request.params as { site: string; key: string }
    if (requested !== site || !attachmentNameIsValid(key))
      throw notFound('static.not_found', 'No such attachment.')
    reply.header('content-type', 'application/pdf').header('cache-control', IMMUTABLE)
    return attachmentPdf(key.replace(/\.pdf$/, '').replace(/_/g, ' '))
  })
}
