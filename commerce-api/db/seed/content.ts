import type { CmsPagelet, LocalizedText } from '../schema'

/** CMS includes of the demo shop: home page content and footer. Text parameters are localized maps. */
export const HOME_INCLUDE_ID = 'include.homepage.content.pagelet2-Include'
export const FOOTER_INCLUDE_ID = 'include.footer.content.pagelet2-Include'

const html = (text: LocalizedText) => ({ type: 'bc_pmc:types.pagelet2-HTML', value: text })
const str = (value: string) => ({ type: 'bc_pmc:types.pagelet2-String', value })

export function contentIncludes(featuredSkus: string[], topCategories: string[]) {
  const home: CmsPagelet[] = [
    {
      id: 'home-hero',
      definitionQualifiedName: 'app_sf_base_cm:component.common.freeStyle',
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
      definitionQualifiedName: 'app_sf_base_cm:component.common.categoryTeasers',
      configurationParameters: {
        Categories: { type: 'bc_pmc:types.pagelet2-CategoryRefs', value: topCategories },
      },
    },
    {
      id: 'home-featured',
      definitionQualifiedName: 'app_sf_base_cm:component.common.productListManual',
      configurationParameters: {
        Title: str('featured'),
        Products: { type: 'bc_pmc:types.pagelet2-ProductRefs', value: featuredSkus },
      },
    },
    {
      id: 'home-service',
      definitionQualifiedName: 'app_sf_base_cm:component.common.text',
      configurationParameters: {
        HTMLText: html({
          en_US:
            '<h2>Trade accounts</h2><p>Business customers order with net prices, cost centers and approvals. Ask us for a company account.</p>',
          de_DE:
            '<h2>Geschäftskunden</h2><p>Geschäftskunden bestellen mit Nettopreisen, Kostenstellen und Freigaben. Fragen Sie nach einem Firmenkonto.</p>',
          fr_FR:
            '<h2>Comptes professionnels</h2><p>Les clients professionnels commandent avec des prix HT, des centres de coûts et des validations. Demandez un compte entreprise.</p>',
          pl_PL:
            '<h2>Konta firmowe</h2><p>Klienci biznesowi zamawiają w cenach netto, z centrami kosztów i akceptacją zamówień. Zapytaj o konto firmowe.</p>',
          ro_RO:
            '<h2>Conturi pentru firme</h2><p>Clienții business comandă cu prețuri nete, centre de cost și aprobări. Solicitați un cont de firmă.</p>',
        }),
      },
    },
  ]

  const footerColumns: Record<string, [string, string, string, string]> = {
    en_US: ['Service', 'Shipping and delivery', 'Returns', 'Contact us'],
    de_DE: ['Service', 'Versand und Lieferung', 'Rücksendungen', 'Kontakt'],
    fr_FR: ['Service', 'Expédition et livraison', 'Retours', 'Nous contacter'],
    pl_PL: ['Obsługa', 'Wysyłka i dostawa', 'Zwroty', 'Kontakt'],
    ro_RO: ['Servicii', 'Livrare', 'Retururi', 'Contact'],
  }
  const aboutColumns: Record<string, [string, string, string]> = {
    en_US: ['About us', 'Ironbridge Supply has equipped trades and builders since 1962.', 'Imprint'],
    de_DE: ['Über uns', 'Ironbridge Supply rüstet Handwerk und Bau seit 1962 aus.', 'Impressum'],
    fr_FR: [
      'À propos',
      'Ironbridge Supply équipe les artisans et les bâtisseurs depuis 1962.',
      'Mentions légales',
    ],
    pl_PL: ['O nas', 'Ironbridge Supply wyposaża rzemieślników i budowlańców od 1962 roku.', 'Nota prawna'],
    ro_RO: ['Despre noi', 'Ironbridge Supply echipează meseriașii și constructorii din 1962.', 'Date legale'],
  }
  const footerHtml: LocalizedText = {}
  for (const [locale, [service, shipping, returns, contact]] of Object.entries(footerColumns)) {
    const [about, aboutText, imprint] = aboutColumns[locale]!
    footerHtml[locale] =
      `<div class="footer-columns"><section><h2>${service}</h2><ul><li>${shipping}</li><li>${returns}</li><li>${contact}: +49 30 1234 5678</li></ul></section>` +
      `<section><h2>${about}</h2><p>${aboutText}</p><p>${imprint}: Ironbridge Supply GmbH, Werkstraße 1, 10115 Berlin</p></section></div>`
  }
  const footer: CmsPagelet[] = [
    {
      id: 'footer-content',
      definitionQualifiedName: 'app_sf_base_cm:component.common.freeStyle',
      configurationParameters: { HTML: html(footerHtml) },
    },
  ]

  return [
    {
      id: HOME_INCLUDE_ID,
      definitionQualifiedName: 'app_sf_base_cm:include.homepage.content',
      displayNames: { en_US: 'Home page content' },
      pagelets: home,
    },
    {
      id: FOOTER_INCLUDE_ID,
      definitionQualifiedName: 'app_sf_base_cm:include.footer.content',
      displayNames: { en_US: 'Footer content' },
      pagelets: footer,
    },
  ]
}
