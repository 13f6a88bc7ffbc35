/**
 * Data-protection requests through the storefront's routes against the real commerce API (issue 33): the
 * account page asks, the mailed link's page confirms with spec §8's messages, the copy opens as a page and
 * as a JSON file for its owner, and a confirmed deletion logs the user out for good.
 */
import { and, desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { mailOutbox, users } from '../../commerce-api/db/schema'
import { loader as copyJson } from '~/routes/$lang.account.privacy.copy.$requestId.json'
import { action as privacyAction, loader as privacyLoader } from '~/routes/$lang._shop.account.privacy'
import { loader as copyLoader } from '~/routes/$lang._shop.account.privacy_.copy.$requestId'
import { action as confirmAction, loader as confirmLoader } from '~/routes/$lang._shop.gdpr-requests'
import { Browser } from './shop'
import { api } from './setup'

const PRIVACY = '/en/account/privacy'

/** The newest confirmation link mailed to the user, as its query. */
async function mailedLink(login: string) {
  const [user] = await api.database.db.select().from(users).where(eq(users.login, login))
  const [mail] = await api.database.db
    .select()
    .from(mailOutbox)
    .where(
      and(eq(mailOutbox.recipient, user!.email), eq(mailOutbox.kind, 'personal_data_request.confirmation')),
    )
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1)
  const link = new URL(/https?:\/\/\S+gdpr-requests\?\S+/.exec(mail!.text)![0])
  return {
    path: `${link.pathname}${link.search}`,
    Hash: link.searchParams.get('Hash')!,
    PersonalDataRequestID: link.searchParams.get('PersonalDataRequestID')!,
  }
}

describe('a copy of one’s data', () => {
  const patricia = new Browser('en')

  it('is asked for on the account page and confirmed on the mailed link’s page', async () => {
    await patricia.login('patricia@ironbridge.test')
    expect(await patricia.post(privacyAction, PRIVACY, { intent: 'copy' })).toBe(PRIVACY)
    const { requests } = await patricia.load(privacyLoader, PRIVACY)
    expect(requests[0]).toMatchObject({ type: 'copy', state: 'pending' })

    const link = await mailedLink('patricia@ironbridge.test')
    // Opening the link changes nothing; the page's button confirms.
    const page = await patricia.load(confirmLoader, link.path)
    expect(page).toMatchObject({ hash: link.Hash, requestId: link.PersonalDataRequestID })
    const wrong = await patricia.call(confirmAction, '/en/gdpr-requests', { form: { ...link, Hash: 'nope' } })
    expect(wrong.response.status).toBe(404)
    expect((wrong.data as any).outcome.key).toBe('personal.data.request.confirmation_link_expired.error')
    const first = await patricia.call(confirmAction, '/en/gdpr-requests', { form: link })
    expect(first.response.status).toBe(200)
    expect((first.data as any).outcome).toMatchObject({ key: 'gdpr_request.confirmed.info', type: 'copy' })
    const again = await patricia.call(confirmAction, '/en/gdpr-requests', { form: link })
    expect((again.data as any).outcome.key).toBe('gdpr_request.already_confirmed.info')

    const listed = await patricia.load(privacyLoader, PRIVACY)
    expect(listed.requests[0]).toMatchObject({ state: 'confirmed', copyAvailable: true })
    const path = `${PRIVACY}/copy/${link.PersonalDataRequestID}`
    const { copy } = await patricia.load(copyLoader, path, { requestId: link.PersonalDataRequestID })
    expect(copy.user.email).toBe('patricia@ironbridge.test')
    const file = await patricia.call(copyJson, `${path}/json`, {
      params: { requestId: link.PersonalDataRequestID },
    })
    expect(file.response.headers.get('Content-Disposition')).toMatch(/attachment; filename="personal-data-/)
  })

  it('is no one else’s to open', async () => {
    const link = await mailedLink('patricia@ironbridge.test')
    const pierre = new Browser('en')
    await pierre.login('pierre@ironbridge.test')
    const answer = await pierre.call(copyLoader, `${PRIVACY}/copy/${link.PersonalDataRequestID}`, {
      params: { requestId: link.PersonalDataRequestID },
    })
    expect(answer.response.status).toBe(302)
    expect(answer.response.headers.get('Location')).toBe(PRIVACY)
  })

  it('of a link without its hash says the link does not work', async () => {
    const stranger = new Browser('de')
    const answer = await stranger.call(confirmAction, '/de/gdpr-requests', {
      form: { PersonalDataRequestID: 'x', Hash: '' },
    })
    expect(answer.response.status).toBe(404)
    expect((answer.data as any).outcome.key).toBe('personal.data.request.confirmation_link_expired.error')
  })
})

describe('a deletion', () => {
  it('needs the box ticked', async () => {
    const someone = new Browser('en')
    await someone.login('pierre@ironbridge.test')
    const answer = await someone.call(privacyAction, PRIVACY, { form: { intent: 'deletion' } })
    expect(answer.response.status).toBe(400)
    expect((answer.data as any).result.error.understood).toEqual([
      'Please confirm that you understand what the deletion does.',
    ])
  })

  it('is refused to the last administrator of a company with other users, with the API’s reason', async () => {
    const marta = new Browser('en')
    await marta.login('mkestrel')
    const answer = await marta.call(privacyAction, PRIVACY, {
      form: { intent: 'deletion', understood: 'on' },
    })
    expect(answer.response.status).toBe(422)
    expect((answer.data as any).result.error['']).toEqual([
      'The last account administrator of the company cannot lose this role, be deactivated or deleted. Make another user an administrator first.',
    ])
  })

  it('confirmed by the user logs them out, and they cannot log in again', async () => {
    const sofia = new Browser('en')
    await sofia.login('skestrel')
    await sofia.post(privacyAction, PRIVACY, { intent: 'deletion', understood: 'on' })
    const link = await mailedLink('skestrel')
    const confirmed = await sofia.call(confirmAction, '/en/gdpr-requests', { form: link })
    expect((confirmed.data as any).outcome).toMatchObject({
      key: 'gdpr_request.confirmed.info',
      type: 'deletion',
      loggedOut: true,
    })
    const after = await sofia.call(privacyLoader, PRIVACY)
    expect(after.response.status).toBe(302)
    expect(after.response.headers.get('Location')).toMatch(/^\/en\/login/)
    await expect(sofia.login('skestrel')).rejects.toThrow()
  })
})
