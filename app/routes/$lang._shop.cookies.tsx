import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { CookieSettings } from '~/components/consent/CookieSettings'
import {
  categoriesOfChoice,
  isConsentValid,
  receiptsOf,
  type ConsentCategory,
  type CookieSettingsView,
} from '~/models/consent'
import { noindexMeta } from '~/models/seo'
import { safeReturnUrl } from '~/models/url'
import { config } from '~/services/config.server'
import { consentViewOf, currentConsentVersion, saveConsent, storedConsentOf } from '~/services/consent.server'
import { readForm } from '~/services/form.server'
import { privateHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { shopperOf } from '~/services/shopper.server'

/**
 * One decision: the banner's "accept all" and "only required", the settings form's "save" with its
 * checkboxes, or "withdraw". `returnUrl` is where a plain form post goes back to (the banner's page);
 * `response=json` is the enhanced form's fetcher, answered with data instead of a redirect.
 */
const ConsentFormSchema = z.object({
  intent: z.enum(['all', 'required', 'save', 'withdraw']),
  functional: z.literal('on').optional(),
  tracking: z.literal('on').optional(),
  returnUrl: z.string().max(2048).optional(),
  response: z.literal('json').optional(),
})

/**
 * `/{lang}/cookies` (spec shell §2.1, noindex): the cookie settings, with the shopper's consent receipts (when,
 * which version, what, and how) and "withdraw" in one click. The footer's privacy link opens the same settings
 * in a dialog (CookieSettingsDialog loads this loader's data).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { locale, session } = await shopperOf({ request, params, context })
  const t = fixedT(locale.id)
  const stored = storedConsentOf({ request, context })
  const version = currentConsentVersion()
  const when = new Intl.DateTimeFormat(locale.tag, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: config.deliveryCalendar.timeZone,
  })
  const view: CookieSettingsView = {
    title: t('cookies.title'),
    consent: consentViewOf({ request, context }, session),
    version,
    outdated: stored !== undefined && !isConsentValid(stored, version),
    receipts: receiptsOf(stored).map((receipt, index) => ({
      at: new Date(receipt.consentedAt).toISOString(),
      date: receipt.consentedAt ? when.format(receipt.consentedAt) : '—',
      version: receipt.version,
      categories: receipt.enabledOptions,
      source: receipt.source,
      current: index === 0 && isConsentValid(stored, version),
    })),
  }
  return data(view, { headers: privateHeaders() })
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { locale, session } = await shopperOf({ request, params, context })
  const parsed = ConsentFormSchema.safeParse(Object.fromEntries(await readForm(request)))
  if (!parsed.success) throw new Response(null, { status: 400, statusText: 'Bad Request' })
  const form = parsed.data
  const chosen: ConsentCategory[] = [
    ...(form.functional ? (['functional'] as const) : []),
    ...(form.tracking ? (['tracking'] as const) : []),
  ]
  const choice = form.intent === 'save' ? 'settings' : form.intent === 'withdraw' ? 'withdraw' : form.intent
  saveConsent({ request, context }, session, {
    categories: categoriesOfChoice(choice, chosen),
    source: form.intent === 'save' ? 'settings' : form.intent === 'withdraw' ? 'withdrawn' : form.intent,
  })
  session.flash('toast', {
    key: form.intent === 'withdraw' ? 'cookies.withdrawn.message' : 'cookies.saved.message',
    type: 'success',
  })
  if (form.response === 'json') return data({ ok: true }, { headers: privateHeaders() })
  const back = safeReturnUrl(form.returnUrl, `/${locale.lang}/cookies`)
  return redirect(back, { status: 303, headers: privateHeaders() })
}

export default function CookiesPage() {
  const view = useLoaderData<typeof loader>()
  return <CookieSettings view={view} headingLevel={1} />
}

export const meta: MetaFunction<typeof loader> = noindexMeta
