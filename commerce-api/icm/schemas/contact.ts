/**
 * The contact form and contact persons (issue 36; the PWA's extensions/contact-us `ContactService`, spec shell
 * §3 "Contact person", §7 `GET contactpersons`):
 *
 * - `GET contact`: a collection whose `elements` carry `{type, subject}`; the PWA reads `subject` only.
 * - `POST contact`: the PWA reads no body; ours answers 204 without one.
 * - `GET contactpersons[/{id}]`: ICM's ContactPerson.
 */
import { z } from 'zod'
import type { WireRule } from './rules'

const ContactSubjectsSchema = z.object({
  type: z.literal('ResourceCollection'),
  name: z.string(),
  elements: z.array(z.object({ type: z.string(), subject: z.string().min(1) })).min(1),
})

export const ContactPersonSchema = z
  .object({
    id: z.string().min(1),
    photo: z.string().min(1),
    email: z.string().email(),
    firstName: z.string().min(1),
    lastName: z.string().min(1),
    phone: z.string().min(1),
    title: z.string().optional(),
    homePage: z.string().url().optional(),
    company: z.string().min(1),
    position: z.string(),
  })
  .strict()

export const contactWire: WireRule[] = [
  { method: 'GET', route: '/rest/:site/contact', schema: ContactSubjectsSchema },
  { method: 'POST', route: '/rest/:site/contact', schema: z.undefined() },
  { method: 'GET', route: '/rest/:site/contactpersons', schema: ContactPersonSchema },
  { method: 'GET', route: '/rest/:site/contactpersons/:id', schema: ContactPersonSchema },
]
