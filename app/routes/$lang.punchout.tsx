import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from '@remix-run/node'
import { renderToStaticMarkup } from 'react-dom/server'
import type { ReactNode } from 'react'
import { HookFormView } from '~/components/punchout/HookFormView'
import { entryParams } from '~/models/punchout-entry'
import { readForm } from '~/services/form.server'
import { requireFeature } from '~/services/guards.server'
import { formTargetOf } from '~/services/headers'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { enterPunchout, type EntryPage } from '~/services/punchout-entry.server'
import { shopperOf, type Shopper } from '~/services/shopper.server'
import stylesheet from '~/styles/app.css?url'

/** A WKS cart's XML comes with the post: room for it beyond the shop's own forms. */
const ENTRY_FORM_LIMITS = { crossSite: 'allow', maxBytes: 1024 * 1024, maxFields: 100 } as const

/**
 * `/{lang}/punchout` (spec shell §2.1, §4.7, §5; feature punchout): the entry of cXML, OCI and IDS Connect,
 * by GET or by a POST from the procurement system's page (the one cross-site post the shop takes, besides
 * the HTTP layer's CROSS_SITE_POSTS_ALLOWED). A resource route: the login it makes must not race the shop
 * layout's loaders, and a procurement system reading OCI's background search gets the fields in this very
 * answer, without a redirect.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireFeature({ params }, 'punchout')
  const shopper = await shopperOf({ request, params, context })
  return pageOf(shopper, await enterPunchout(shopper, entryParams(new URL(request.url))), context)
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireFeature({ params }, 'punchout')
  const form = await readForm(request, ENTRY_FORM_LIMITS)
  const shopper = await shopperOf({ request, params, context })
  return pageOf(shopper, await enterPunchout(shopper, entryParams(new URL(request.url), form)), context)
}

type Translate = ReturnType<typeof fixedT>

/** The title and content of the entry's own pages: OCI's form back to the hook URL, IDS's two reports. */
function contentOf(page: EntryPage, t: Translate, nonce?: string): { title: string; body: ReactNode } {
  if (page.kind === 'form')
    return {
      title: t('punchout.transfer.title'),
      body: <HookFormView form={page.form} t={t} nonce={nonce} />,
    }
  if (page.kind === 'ids-versions')
    return {
      title: t('punchout.ids.versions.title'),
      body: (
        <ul className="punchout-versions">
          {page.versions.map((version) => (
            <li key={version}>{version}</li>
          ))}
        </ul>
      ),
    }
  return {
    title: t('punchout.ids.login.title'),
    body: (
      <p className="punchout-login">
        {t('punchout.ids.login.success', {
          name: page.name || page.login,
          login: page.login,
          customerNo: page.customerNo,
        })}
      </p>
    ),
  }
}

/** A page of the entry: a document of its own, outside the shop's layout, never indexed or cached. */
function pageOf(shopper: Shopper, page: EntryPage, context: AppLoadContext): Response {
  const { title, body } = contentOf(page, fixedT(shopper.locale.id), context.cspNonce)
  const html = renderToStaticMarkup(
    <html lang={shopper.locale.tag}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        <link rel="stylesheet" href={stylesheet} />
      </head>
      <body>
        <main id="main" className="punchout-page">
          <h1>{title}</h1>
          {body}
        </main>
      </body>
    </html>,
  )
  return new Response(`<!DOCTYPE html>${html}`, {
    headers: {
      ...privateHeaders(),
      'Content-Type': 'text/html; charset=utf-8',
      ...(page.kind === 'form' ? formTargetOf(page.form.action) : {}),
    },
  })
}
