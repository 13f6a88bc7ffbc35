import type { CmsPagelet, LocalizedText } from '../schema'
import type { Loc } from './catalog-data'
import { pageNames } from './content-pages'

/** CMS includes of the demo shop: home page content and footer. Text parameters are localized maps. */
export const HOME_INCLUDE_ID = 'include.homepage.content.pagelet2-Include'
/**
 * The footer include ICM clients ask for (the Intershop PWA's footer since ICM 7.10.38.9:
 * `include.footer.content.pagelet2-Include`).
 */
export const FOOTER_INCLUDE_ID = 'include.footer.content.pagelet2-Include'
/** The id issue 16 moved the footer to, taking it for ICM's; databases seeded since keep it there until moved back. */
export const EARLIER_FOOTER_INCLUDE_ID = 'include.footer.pagelet2-Include'

const html = (text: LocalizedText) => ({ type: 'bc_pmc:types.pagelet2-HTML', value: text })
const str = (value: string) => ({ type: 'bc_pmc:types.pagelet2-String', value })

export function contentIncludes(featuredSkus: string[], topCategories: string[]) {
  const home: CmsPagelet[] = [
    {
      id: 'home-hero',
      definitionQualifiedName: 'app_sf_base_cm:component.common.freeStyle.pagelet2-Component',
      configurationParameters: {
        HTML: html({
          en_US:
            '<div class="hero"><h1>Everything for the job site</h1><p>Tools, fasteners, safety gear and building supplies for trade and private customers, delivered fast.</p></div>',
          de_DE:
            '<div class="hero"><h1>Alles für die Baustelle</h1><p>Werkzeuge, Befestigungstechnik, Arbeitsschutz und Baubedarf für Gewerbe und Privatkunden, schnell geliefert.</p></div>',
          fr_FR:
            '<div class="hero"><h1>Tout pour le chantier</h1><p>Outils, fixations, équipements de sécurité et matériaux de construction pour les professionnels et les particuliers, livrés rapidement.</p></div>',
          pl_PL:
            '<div class="hero"><h1>Wszystko na plac budowy</h1><p>Narzędzia, elementy złączne, odzież ochronna i materiały budowlane dla firm i klientów prywatnych z szybką dostawą.</p></div>',
          ro_RO:
            '<div class="hero"><h1>Totul pentru șantier</h1><p>Scule, elemente de fixare, echipamente de protecție și materiale de construcții pentru firme și persoane fizice, livrate rapid.</p></div>',
        }),
      },
    },
    {
      id: 'home-categories',
      definitionQualifiedName: 'app_sf_base_cm:component.common.categoryTeasers.pagelet2-Component',
      configurationParameters: {
        Categories: { type: 'bc_pmc:types.pagelet2-CategoryRefs', value: topCategories },
      },
    },
    {
      id: 'home-featured',
      definitionQualifiedName: 'app_sf_base_cm:component.common.productListManual.pagelet2-Component',
      configurationParameters: {
        Title: str('featured'),
        Products: { type: 'bc_pmc:types.pagelet2-ProductRefs', value: featuredSkus },
      },
    },
    {
      id: 'home-service',
      definitionQualifiedName: 'app_sf_base_cm:component.common.text.pagelet2-Component',
      configurationParameters: {
        HTMLText: html({
          en_US:
            '<h2>Trade accounts</h2><p>Business customers see net prices, order with several users under one company account and pay by invoice. Ask us for a company account.</p>',
          de_DE:
            '<h2>Geschäftskunden</h2><p>Geschäftskunden sehen Nettopreise, bestellen mit mehreren Benutzern unter einem Firmenkonto und kaufen auf Rechnung. Fragen Sie nach einem Firmenkonto.</p>',
          fr_FR:
            '<h2>Comptes professionnels</h2><p>Les clients professionnels voient des prix HT, commandent à plusieurs utilisateurs sous un même compte entreprise et paient sur facture. Demandez un compte entreprise.</p>',
          pl_PL:
            '<h2>Konta firmowe</h2><p>Klienci biznesowi widzą ceny netto, zamawiają przez wielu użytkowników w ramach jednego konta firmowego i płacą na fakturę. Zapytaj o konto firmowe.</p>',
          ro_RO:
            '<h2>Conturi pentru firme</h2><p>Clienții business văd prețuri nete, comandă cu mai mulți utilizatori în cadrul aceluiași cont de firmă și plătesc pe factură. Solicitați un cont de firmă.</p>',
        }),
      },
    },
  ]

  // The footer links the content pages in ICM's `page://{id}` form; the storefront resolves them to page URLs.
  const footerTexts: Record<string, { contact: string; aboutText: string; more: string }> = {
    en_US: {
      contact: 'Contact us',
      aboutText: 'Ironbridge Supply has equipped trades and builders since 1962.',
      more: 'More about us',
    },
    de_DE: {
      contact: 'Kontakt',
      aboutText: 'Ironbridge Supply rüstet Handwerk und Bau seit 1962 aus.',
      more: 'Mehr über uns',
    },
    fr_FR: {
      contact: 'Nous contacter',
      aboutText: 'Ironbridge Supply équipe les artisans et les bâtisseurs depuis 1962.',
      more: 'En savoir plus sur nous',
    },
    pl_PL: {
      contact: 'Kontakt',
      aboutText: 'Ironbridge Supply wyposaża rzemieślników i budowlańców od 1962 roku.',
      more: 'Więcej o nas',
    },
    ro_RO: {
      contact: 'Contact',
      aboutText: 'Ironbridge Supply echipează meseriașii și constructorii din 1962.',
      more: 'Mai multe despre noi',
    },
  }
  const footerHtml: LocalizedText = {}
  for (const [locale, { contact, aboutText, more }] of Object.entries(footerTexts)) {
    const name = (page: keyof typeof pageNames) => pageNames[page][locale as keyof Loc]
    const link = (id: string, page: keyof typeof pageNames) =>
      `<li><a href="page://${id}">${name(page)}</a></li>`
    footerHtml[locale] =
      `<div class="footer-columns"><section><h2>${name('service')}</h2><ul>` +
      `${link('shipping', 'shipping')}${link('returns', 'returns')}${link('payment-methods', 'paymentMethods')}` +
      `<li>${contact}: +49 30 1234 5678</li></ul></section>` +
      `<section><h2>${name('aboutUs')}</h2><p>${aboutText}</p><p><a href="page://about-us">${more}</a></p></section>` +
      `<section><h2>${name('legal')}</h2><ul>` +
      `${link('imprint', 'imprint')}${link('privacy', 'privacy')}${link('terms', 'terms')}</ul></section></div>`
  }
  const footer: CmsPagelet[] = [
    {
      id: 'footer-content',
      definitionQualifiedName: 'app_sf_base_cm:component.common.freeStyle.pagelet2-Component',
      configurationParameters: { HTML: html(footerHtml) },
    },
  ]

  return [
    {
      id: HOME_INCLUDE_ID,
      definitionQualifiedName: 'app_sf_base_cm:include.homepage.content.pagelet2-Include',
      displayNames: { en_US: 'Home page content' },
      pagelets: home,
    },
    {
      id: FOOTER_INCLUDE_ID,
      definitionQualifiedName: `app_sf_base_cm:${FOOTER_INCLUDE_ID}`,
      displayNames: { en_US: 'Footer content' },
      pagelets: footer,
    },
  ]
}
