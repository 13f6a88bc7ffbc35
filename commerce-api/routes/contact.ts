/**
 * The contact form and the contact persons (issue 36), as ICM's REST API has them and the Intershop PWA calls
 * them (extensions/contact-us `ContactService`; spec shell §3, §7):
 *
 * - `GET contact`: the subjects a message may have, in the call's language, as a collection of
 *   `{type, subject}` (the PWA reads `elements[].subject` and posts the chosen text back). Public.
 * - `POST contact {name, email, phone, order?, subject, comment}`: stores the message; the shop gets it by
 *   mail, the sender a confirmation in the call's language (domain/contact.ts, mail/contact.ts); 204. An
 *   anonymous caller sends the shop's captcha (`Authorization: CAPTCHA challenge=… answer=…`, 401
 *   `captcha.incorrect`); a logged-in user does not, and their order number must be one of their customer's.
 *   Refusals: 400 naming the attribute in `error-missing-attributes` / `error-invalid-attributes`, 413 over
 *   the body limit, 415 for a body that is not JSON or a form, 422 an unknown subject or order, 429 too many
 *   messages from the address or to the sender's address.
 * - `GET contactpersons`: the contact person of the caller's business customer (the one its
 *   `contactPersonID` names); `GET contactpersons/{id}` the same person by that id. A logged-in user only;
 *   404 `contactperson.not_found.error` for a private customer, a business without one, or another id.
 * - The person's photo (`photo`): a generated picture under ICM's static path.
 */
import type { FastifyReply } from 'fastify'
import { callerOf, isRegistrant, requireUser } from '../auth'
import { requireCaptcha } from '../captcha'
import {
  contactPersonOf,
  contactSubjects,
  readContactInput,
  sendContactRequest,
  type ContactPerson,
  type ContactRefusal,
} from '../domain/contact'
import { portraitIdOf, portraitSvg, portraitUrl } from '../domain/portraits'
import { contactPersons } from '../db/schema'
import { ApiError, notFound } from '../http'
import { clientKey, tooManyRequests } from '../rate-limits'
import { eq } from 'drizzle-orm'
import type { RouteModule } from './context'

/** A message of at most 30,000 characters (up to three bytes each in UTF-8) and its other attributes. */
export const CONTACT_BODY_LIMIT = 128 * 1024

const TOO_MANY_MESSAGES = 'contact.too_many_requests.error'
const tooManyMessages = 'Too many messages were sent. Please wait before sending another.'

/** ICM's ContactPerson (spec shell §3), with the photo's URL. */
function contactPersonJson(site: string, person: ContactPerson) {
  return {
    id: person.id,
    photo: portraitUrl(site, person.id),
    email: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
    phone: person.phone,
    title: person.title ?? undefined,
    homePage: person.homePage ?? undefined,
    company: person.company,
    position: person.position,
  }
}

const nameRefusal = (reply: FastifyReply) => (refusal: ContactRefusal) => {
  reply.header(`error-${refusal.kind}-attributes`, refusal.attribute)
}

export const contactRoutes: RouteModule = (app, { db, site }) => {
  app.get('/rest/:site/contact', { config: { access: 'public' } }, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=600')
    return {
      type: 'ResourceCollection',
      name: 'contactSubjects',
      elements: contactSubjects(request.scope.locale).map(({ subject }) => ({
        type: 'ContactSubject',
        subject,
      })),
    }
  })

  app.post(
    '/rest/:site/contact',
    { config: { access: 'public' }, bodyLimit: CONTACT_BODY_LIMIT },
    async (request, reply) => {
      if (
        !/^application\/(?:[\w.+-]+\+)?json\b|^application\/x-www-form-urlencoded\b/i.test(
          request.headers['content-type'] ?? '',
        )
      )
        throw new ApiError(415, 'request.unsupported_media_type', 'The message must be JSON or a form.')
      const caller = await callerOf(db, request)
      // A user of single sign-on without a customer yet writes as anyone does, with the captcha.
      const user = caller && !isRegistrant(caller) && !caller.anonymous ? caller : null
      const input = readContactInput(request.body, nameRefusal(reply))
      const ipWait = await app.limiters.contactPerIp.take(clientKey(request.ip))
      if (ipWait !== null) return tooManyRequests(reply, ipWait, TOO_MANY_MESSAGES, tooManyMessages)
      if (!user) await requireCaptcha(app, request)
      const senderWait = await app.limiters.contactPerSender.take(input.email.toLowerCase())
      if (senderWait !== null) return tooManyRequests(reply, senderWait, TOO_MANY_MESSAGES, tooManyMessages)
      await sendContactRequest(db, input, {
        locale: request.scope.locale,
        sender: user ? { userId: user.userId, customerNo: user.customerNo } : null,
      })
      return reply.code(204).header('cache-control', 'no-store').send()
    },
  )

  app.get('/rest/:site/contactpersons', { config: { access: 'user' } }, async (request, reply) => {
    const user = await requireUser(db, request)
    reply.header('cache-control', 'private, no-store')
    return contactPersonJson(site, await contactPersonOf(db, user.customerNo, request.scope.locale))
  })

  app.get('/rest/:site/contactpersons/:id', { config: { access: 'user' } }, async (request, reply) => {
    const user = await requireUser(db, request)
    const { id } = request.params as { id: string }
    reply.header('cache-control', 'private, no-store')
    return contactPersonJson(site, await contactPersonOf(db, user.customerNo, request.scope.locale, id))
  })

  app.get(
    '/INTERSHOP/static/WFS/:site/-/contactpersons/:file',
    { config: { access: 'public' } },
    async (request, reply) => {
      const params = request.params as { site: string; file: string }
      const id = portraitIdOf(params.file)
      const [person] =
        params.site === site && id
          ? await db
              .select({
                id: contactPersons.id,
                firstName: contactPersons.firstName,
                lastName: contactPersons.lastName,
              })
              .from(contactPersons)
              .where(eq(contactPersons.id, id))
          : []
      if (!person) throw notFound('static.not_found', 'No such photo.')
      reply.header('content-type', 'image/svg+xml').header('cache-control', 'public, max-age=86400')
      return portraitSvg(person)
    },
  )
}
