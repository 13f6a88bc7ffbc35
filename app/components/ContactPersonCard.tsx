import { useTranslation } from '~/components/useTranslation'
import type { ContactPerson } from '~/models/contact'

/**
 * The business customer's contact person (spec shell §3): photo, name, position, the phone as a `tel:` link
 * and the e-mail address as a `mailto:` link; on the contact form and the account overview.
 */
export function ContactPersonCard({
  person,
  headingLevel = 2,
}: {
  person: ContactPerson
  headingLevel?: 2 | 3
}) {
  const { t } = useTranslation()
  const Heading = `h${headingLevel}` as const
  const Name = `h${headingLevel + 1}` as 'h3' | 'h4'
  return (
    <section className="contact-person" aria-labelledby="contact-person-heading">
      <Heading id="contact-person-heading">{t('contact_person.heading')}</Heading>
      <div className="contact-person-body">
        {person.photo ? (
          // The name beside it says who it is: the photo itself adds nothing for a screen reader.
          <img className="contact-person-photo" src={person.photo} alt="" width={80} height={80} />
        ) : null}
        <div>
          <Name className="contact-person-name">{person.name}</Name>
          {person.position ? <p className="contact-person-position">{person.position}</p> : null}
          {person.company ? <p>{person.company}</p> : null}
          <ul className="contact-person-ways">
            {person.phone && person.phoneLink ? (
              <li>
                {t('contact_person.phone')}: <a href={person.phoneLink}>{person.phone}</a>
              </li>
            ) : null}
            {person.email ? (
              <li>
                {t('contact_person.email')}: <a href={`mailto:${person.email}`}>{person.email}</a>
              </li>
            ) : null}
            {person.homePage ? (
              <li>
                <a href={person.homePage} rel="noopener noreferrer">
                  {t('contact_person.home_page')}
                </a>
              </li>
            ) : null}
          </ul>
        </div>
      </div>
    </section>
  )
}
