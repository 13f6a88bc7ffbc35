import type { LoaderFunctionArgs } from '@remix-run/node'
import { publicOrigin } from '~/services/seo.server'

/** Keeps crawlers out of personal and transactional pages and points them at the sitemap index. */
export async function loader({ request }: LoaderFunctionArgs) {
  const body = [
    'User-agent: *',
    'Disallow: /*/basket',
    'Disallow: /*/checkout',
    'Disallow: /*/account',
    'Disallow: /*/login',
    'Disallow: /*/logout',
    'Disallow: /*/search',
    'Disallow: /*/compare',
    'Disallow: /*/language',
    '',
    `Sitemap: ${publicOrigin(request)}/sitemap.xml`,
    '',
  ].join('\n')
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  })
}
