import { Form, useLoaderData, useLocation } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { ErrorList, SubmitButton } from '~/components/form-controls'
import { SCANNER_MAX_CODE } from '~/models/scanner'
import type { ScannerPageData } from '~/services/scanner.server'
import { CodeScanner } from './CodeScanner'

/**
 * The code scanner page (`/scanner`, `/scandit`): with JavaScript and a camera, the camera part reads codes;
 * always, a form to type the code (a GET of this page with `code`, which the loader looks up). The answer for
 * a code that found nothing, or a code that cannot be looked up, stands next to the form and is announced.
 */
export function ScannerPage() {
  const { code, notFound, problem } = useLoaderData<ScannerPageData>()
  const { t } = useTranslation()
  const { pathname } = useLocation()
  return (
    <div className="scanner-page">
      <h1>{t('scanner.title')}</h1>
      <p>{t('scanner.intro')}</p>
      <CodeScanner action={pathname} notFoundCode={notFound ? code : null} />
      <Form method="get" action={pathname} className="scanner-form">
        <label htmlFor="scanner-code">{t('scanner.code.label')}</label>
        <div className="scanner-form-row">
          <input
            id="scanner-code"
            // A new answer starts the field with the code it was for.
            key={`${code}-${notFound}-${problem ?? ''}`}
            name="code"
            type="text"
            required
            maxLength={SCANNER_MAX_CODE}
            defaultValue={code}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'scanner-code-error' : undefined}
          />
          <SubmitButton>{t('scanner.code.submit')}</SubmitButton>
        </div>
        <ErrorList id="scanner-code-error" errors={problem ? [problem] : null} />
      </Form>
      <p className="scanner-result" role="status" aria-live="polite">
        {notFound ? t('ede.code_scanner.error_message.product_not_found') : ''}
      </p>
    </div>
  )
}
