/**
 * The contact form (`/{lang}/contact`, feature contactUs, issue 36) and the contact person of a business
 * customer (ICM's `GET contactpersons`, spec shell §3), as the storefront works with them.
 */
import { z } from 'zod'
import { captchaFields } from './captcha'
import type { Translate } from './messages'

/** The subjects ICM offers (`GET contact`: `elements[].subject`, the PWA's `ContactService`). */
export const ContactSubjectsWireSchema = z.object({
  elements: z.array(z.object({ subject: z.string().min(1).max(200) })).max(100),
})

/** ICM's ContactPerson (spec shell §3): id, photo, email, firstName, lastName, phone, title, homePage, company, position. */
export const ContactPersonWireSchema = z.object({
  id: z.string(),
  photo: z.string().optional(),
  email: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  phone: z.string().optional(),
  title: z.string().optional(),
  homePage: z.string().optional(),
  company: z.string().optional(),
  position: z.string().optional(),
})

export type ContactPerson = {
  name: string
  photo: string | null
  email: string | null
  phone: string | null
  /** `tel:` of the phone number: its digits and a leading plus. */
  phoneLink: string | null
  position: string | null
  company: string | null
  homePage: string | null
}

/** An http(s) link as it is, anything else (a `javascript:` URL) left out. */
const webLink = (url: string | undefined) => (url && /^https?:\/\//i.test(url) ? url : null)

/** A photo on ICM's static path (served through the shop's own origin) or an http(s) one. */
const photoLink = (url: string | undefined) =>
  url && (url.startsWith('/INTERSHOP/static/') || /^https?:\/\//i.test(url)) ? url : null

export function contactPersonOf(wire: z.infer<typeof ContactPersonWireSchema>): ContactPerson {
  const phone = wire.phone?.trim() || null
  const digits = phone?.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '')
  return {
    name: [wire.title, wire.firstName, wire.lastName].filter(Boolean).join(' '),
    photo: photoLink(wire.photo),
    email: wire.email?.trim() || null,
    phone,
    phoneLink: digits ? `tel:${digits}` : null,
    position: wire.position?.trim() || null,
    company: wire.company?.trim() || null,
    homePage: webLink(wire.homePage),
  }
}

/** The most each field may carry: the commerce API's limits (domain/contact.ts), checked here first. */
export const CONTACT_FIELD_LIMITS = { name: 120, email: 254, phone: 40, order: 40, comment: 30_000 }

/** The form's fields, in ICM's names (what `POST contact` takes), in the order the form shows them. */
export const CONTACT_FIELDS = ['subject', 'comment', 'name', 'email', 'phone', 'order'] as const

/**
 * The contact form: ICM's attributes, checked as the API checks them; a stranger answers the captcha as well
 * (`anonymous`), a logged-in user does not (the API knows them by their token).
 */
export function contactSchema(t: Translate, { anonymous }: { anonymous: boolean }) {
  const text = (max: number, required: string) =>
    z.string({ required_error: required }).trim().min(1, required).max(max, t('form.max_length', { max }))
  const fields = z.object({
    subject: z
      .string({ required_error: t('helpdesk.contactus.subject.error') })
      .min(1, t('helpdesk.contactus.subject.error'))
      .max(200),
    comment: text(CONTACT_FIELD_LIMITS.comment, t('helpdesk.contactus.comments.error')),
    name: text(CONTACT_FIELD_LIMITS.name, t('helpdesk.contactus.name.error')),
    email: text(CONTACT_FIELD_LIMITS.email, t('helpdesk.contactus.email.error')).email(
      t('address.email.invalid'),
    ),
    phone: text(CONTACT_FIELD_LIMITS.phone, t('helpdesk.contactus.phone.error')).refine(
      (phone) => /^\+?[\d\s()./-]+$/.test(phone) && phone.replace(/\D/g, '').length >= 5,
      t('helpdesk.contactus.phone.invalid'),
    ),
    order: z
      .string()
      .trim()
      .max(CONTACT_FIELD_LIMITS.order, t('form.max_length', { max: CONTACT_FIELD_LIMITS.order }))
      .optional(),
  })
  return anonymous ? fields.extend(captchaFields(t)) : fields
}

export type ContactMessage = {
  subject: string
  comment: string
  name: string
  email: string
  phone: string
  order?: string
}
