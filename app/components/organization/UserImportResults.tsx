import '~/browser/account-texts'
import { Link } from '@remix-run/react'
import { useTranslation } from '~/components/useTranslation'
import { TableHead } from '~/components/TableHead'
import type { UserImportResult, UserImportSummary } from '~/models/user-import'

/** The words of a line's result (never a colour alone): created or skipped, its problems, or the API's refusal. */
function ResultCell({ result, base }: { result: UserImportResult; base: string }) {
  const { t } = useTranslation()
  if (result.status === 'created' || result.status === 'skipped')
    return (
      <>
        {t(`account.user.import.result.${result.status}`)}{' '}
        <Link to={`${base}/${encodeURIComponent(result.login!)}`}>{result.name}</Link>
      </>
    )
  const lead = {
    invalid: 'account.user.import.result.invalid',
    refused: 'account.user.import.result.refused',
    'not-created': 'account.user.import.result.not_created',
  }[result.status]
  return (
    <>
      {t(lead)}
      {result.problems?.length ? (
        <ul>
          {result.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </>
  )
}

/** What an import did: how many users were created or skipped, and every line's result in a table. */
export function UserImportResults({ summary, base }: { summary: UserImportSummary; base: string }) {
  const { t } = useTranslation()
  const open = summary.results.some((result) => result.status !== 'created' && result.status !== 'skipped')
  return (
    <section aria-labelledby="user-import-results" className="user-import-results">
      <h2 id="user-import-results">{t('account.user.import.result.title')}</h2>
      <p role="status" className={summary.created || !open ? 'form-info' : 'form-errors'}>
        {[
          summary.created ? t('account.user.import.result.summary', { count: summary.created }) : '',
          summary.skipped ? t('account.user.import.result.skipped_summary', { count: summary.skipped }) : '',
          !summary.created && open ? t('account.user.import.result.none') : '',
        ]
          .filter(Boolean)
          .join(' ')}
      </p>
      <table data-testid="user-import-results">
        <TableHead
          columns={[
            { label: t('account.user.import.column.line'), numeric: true },
            { label: t('account.user.import.column.text') },
            { label: t('account.user.import.column.result') },
          ]}
        />
        <tbody>
          {summary.results.map((result) => (
            <tr key={result.line} className={`user-import-result ${result.status}`}>
              <td className="num">{result.line}</td>
              <td className="break-word">
                <code>{result.text}</code>
              </td>
              <td>
                <ResultCell result={result} base={base} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
