import { Form } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import type { CobrowseBanner as Banner } from '~/models/cobrowse'
import { SubmitButton } from './form-controls'

/**
 * The co-browse banner (issue 35) on every page a sales representative sees as a customer's user: whom they
 * act for, who they are, and the way out (a logout form, which works without JavaScript).
 */
export function CobrowseBanner({ banner, lang }: { banner: Banner; lang: string }) {
  const { t } = useTranslation()
  const action = `/${lang}/logout`
  const values = { user: banner.userName, company: banner.companyName, rep: banner.salesRep }
  return (
    <section
      className="cobrowse-banner"
      aria-label={t('cobrowse.banner.label')}
      data-testid="cobrowse-banner"
    >
      <p>{t(banner.companyName ? 'cobrowse.banner.text' : 'cobrowse.banner.text_private', values)}</p>
      <Form method="post" action={action}>
        <input type="hidden" name="returnUrl" value={`/${lang}/home`} />
        <SubmitButton action={action}>{t('cobrowse.banner.end')}</SubmitButton>
      </Form>
    </section>
  )
}
