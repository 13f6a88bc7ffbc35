/**
 * Content of the shell's remaining pieces (issue 36, ADR 0046): the configuration include with the shop's extra
 * and theme settings (`include.configuration.pagelet2-Include`, its component as the Intershop PWA's
 * `app_sf_pwa_cm` model defines it), the content view contexts place on a few category pages, and a design
 * preview context with an unpublished pagelet only it shows.
 */
import type { Db } from '../client'
import { cmsIncludes, cmsPreviewContexts, cmsViewContextContent, type CmsPagelet } from '../schema'
import type { Loc } from './catalog-data'

export const CONFIGURATION_INCLUDE_ID = 'include.configuration.pagelet2-Include'
export const CONFIGURATION_COMPONENT = 'app_sf_pwa_cm:component.configuration.pagelet2-Component'
export const CATEGORY_TOP = 'viewcontext.include.category.base.top'
export const CATEGORY_BOTTOM = 'viewcontext.include.category.base.bottom'
/** The demo's design preview context: a content editor opens the shop with `?PreviewContextID=` of it. */
export const DEMO_PREVIEW_CONTEXT = 'ironbridge-spring-preview'

const text = (value: string) => ({ type: 'bc_pmc:types.pagelet2-Text', value })
const html = (value: Loc) => ({ type: 'bc_pmc:types.pagelet2-HTML', value })

/** The configuration component: the theme and extra settings (spec shell §3), in ICM's parameter types. */
export function configurationInclude() {
  const component: CmsPagelet = {
    id: 'cmp_CONFIGURATION',
    definitionQualifiedName: CONFIGURATION_COMPONENT,
    configurationParameters: {
      Favicon: { type: 'bc_pmc:types.pagelet2-ImageFileRef', value: 'file://favicon.svg' },
      // The shop's own brand colours: the theme's place to change them without a deployment.
      CSSProperties: text('brand:#1f4e79\r\nbrand-dark:#163a5a\r\naccent:#e07a1f\r\n'),
      navigationColumns: { type: 'bc_pmc:types.pagelet2-Integer', value: 4 },
      NavLevel2Icon: text('arrow'),
      HeaderUtilityStyle: text('icons-text'),
      ConfigurationJSON: text(JSON.stringify({ noPriceCheckoutEnabled: true }, null, 2)),
    },
  }
  return {
    id: CONFIGURATION_INCLUDE_ID,
    definitionQualifiedName: `app_sf_pwa_cm:${CONFIGURATION_INCLUDE_ID}`,
    displayNames: { en_US: 'Configuration' },
    pagelets: [component],
  }
}

const freeStyle = (id: string, value: Loc, draft = false): CmsPagelet => ({
  id,
  definitionQualifiedName: 'app_sf_base_cm:component.common.freeStyle.pagelet2-Component',
  configurationParameters: { HTML: html(value) },
  ...(draft ? { draft: true } : {}),
})

const textComponent = (id: string, value: Loc): CmsPagelet => ({
  id,
  definitionQualifiedName: 'app_sf_base_cm:component.common.text.pagelet2-Component',
  configurationParameters: { HTMLText: html(value) },
})

/** Content above and below the listings of two top categories, linking in ICM's content link forms (§2.3). */
export function viewContextContent() {
  const powerToolsTop: Loc = {
    en_US:
      '<div class="category-banner"><h2>Cordless in every class</h2><p>One battery system for drills, saws and grinders. See our <a href="page://shipping">delivery times</a> or browse the <a href="category://Power-Tools.Drilling-And-Screwdriving">drills</a>.</p></div>',
    de_DE:
      '<div class="category-banner"><h2>Akku in jeder Klasse</h2><p>Ein Akkusystem für Bohrer, Sägen und Schleifer. Sehen Sie unsere <a href="page://shipping">Lieferzeiten</a> oder stöbern Sie bei den <a href="category://Power-Tools.Drilling-And-Screwdriving">Bohrmaschinen</a>.</p></div>',
    fr_FR:
      '<div class="category-banner"><h2>Sans fil dans chaque catégorie</h2><p>Un seul système de batterie pour perceuses, scies et meuleuses. Consultez nos <a href="page://shipping">délais de livraison</a> ou parcourez les <a href="category://Power-Tools.Drilling-And-Screwdriving">perceuses</a>.</p></div>',
    pl_PL:
      '<div class="category-banner"><h2>Akumulatorowe w każdej klasie</h2><p>Jeden system akumulatorów do wiertarek, pił i szlifierek. Sprawdź <a href="page://shipping">czasy dostawy</a> lub przejrzyj <a href="category://Power-Tools.Drilling-And-Screwdriving">wiertarki</a>.</p></div>',
    ro_RO:
      '<div class="category-banner"><h2>Fără fir în fiecare clasă</h2><p>Un singur sistem de acumulatori pentru bormașini, fierăstraie și polizoare. Vedeți <a href="page://shipping">termenele de livrare</a> sau răsfoiți <a href="category://Power-Tools.Drilling-And-Screwdriving">bormașinile</a>.</p></div>',
  }
  const powerToolsBottom: Loc = {
    en_US:
      '<h2>Choosing a power tool</h2><p>Brushless motors last longer and use less battery. For daily site work, pick a tool of the professional class; our <a href="route://quick-order">quick order</a> takes whole lists of item numbers.</p>',
    de_DE:
      '<h2>Das richtige Elektrowerkzeug</h2><p>Bürstenlose Motoren halten länger und schonen den Akku. Für den täglichen Baustelleneinsatz wählen Sie die Profiklasse; unsere <a href="route://quick-order">Schnellbestellung</a> nimmt ganze Listen von Artikelnummern.</p>',
    fr_FR:
      '<h2>Choisir un outil électrique</h2><p>Les moteurs sans balais durent plus longtemps et ménagent la batterie. Pour le chantier au quotidien, choisissez la gamme professionnelle ; notre <a href="route://quick-order">commande rapide</a> accepte des listes entières de références.</p>',
    pl_PL:
      '<h2>Jak wybrać elektronarzędzie</h2><p>Silniki bezszczotkowe są trwalsze i oszczędzają akumulator. Do codziennej pracy na budowie wybierz klasę profesjonalną; nasze <a href="route://quick-order">szybkie zamówienie</a> przyjmuje całe listy numerów artykułów.</p>',
    ro_RO:
      '<h2>Cum alegeți o sculă electrică</h2><p>Motoarele fără perii durează mai mult și cruță acumulatorul. Pentru lucrul zilnic pe șantier alegeți clasa profesională; <a href="route://quick-order">comanda rapidă</a> acceptă liste întregi de coduri de articol.</p>',
  }
  const springDraft: Loc = {
    en_US: '<p class="category-note">Spring campaign: 10% on all cordless kits from 1 March.</p>',
    de_DE: '<p class="category-note">Frühjahrsaktion: 10 % auf alle Akku-Sets ab 1. März.</p>',
    fr_FR:
      '<p class="category-note">Campagne de printemps : 10 % sur tous les kits sans fil dès le 1er mars.</p>',
    pl_PL: '<p class="category-note">Wiosenna akcja: 10% na wszystkie zestawy akumulatorowe od 1 marca.</p>',
    ro_RO:
      '<p class="category-note">Campanie de primăvară: 10% la toate seturile fără fir de la 1 martie.</p>',
  }
  const fastenersTop: Loc = {
    en_US:
      '<div class="category-banner"><h2>Fasteners by the box</h2><p>Screws, bolts and anchors in trade packs. Business customers see their net prices after <a href="route://login">logging in</a>.</p></div>',
    de_DE:
      '<div class="category-banner"><h2>Befestigungstechnik im Karton</h2><p>Schrauben, Bolzen und Dübel in Gewerbepackungen. Geschäftskunden sehen ihre Nettopreise nach der <a href="route://login">Anmeldung</a>.</p></div>',
    fr_FR:
      '<div class="category-banner"><h2>Fixations en boîtes</h2><p>Vis, boulons et chevilles en conditionnements professionnels. Les clients professionnels voient leurs prix HT après <a href="route://login">connexion</a>.</p></div>',
    pl_PL:
      '<div class="category-banner"><h2>Elementy złączne w kartonach</h2><p>Wkręty, śruby i kołki w opakowaniach dla firm. Klienci biznesowi widzą ceny netto po <a href="route://login">zalogowaniu</a>.</p></div>',
    ro_RO:
      '<div class="category-banner"><h2>Elemente de fixare la cutie</h2><p>Șuruburi, buloane și dibluri în ambalaje pentru firme. Clienții business văd prețurile nete după <a href="route://login">autentificare</a>.</p></div>',
  }
  return [
    {
      viewContext: CATEGORY_TOP,
      contextKind: 'Category',
      contextId: 'Power-Tools',
      pagelets: [
        freeStyle('vc-power-tools-top', powerToolsTop),
        freeStyle('vc-power-tools-spring', springDraft, true),
      ],
    },
    {
      viewContext: CATEGORY_BOTTOM,
      contextKind: 'Category',
      contextId: 'Power-Tools',
      pagelets: [textComponent('vc-power-tools-bottom', powerToolsBottom)],
    },
    {
      viewContext: CATEGORY_TOP,
      contextKind: 'Category',
      contextId: 'Fasteners',
      pagelets: [freeStyle('vc-fasteners-top', fastenersTop)],
    },
  ]
}

/**
 * Adds what a database lacks of the above (a shop seeded before issue 36 gets it at start); content an editor
 * changed since is kept.
 */
export async function ensureShellContent(db: Db) {
  await db.insert(cmsIncludes).values(configurationInclude()).onConflictDoNothing()
  await db.insert(cmsViewContextContent).values(viewContextContent()).onConflictDoNothing()
  await db
    .insert(cmsPreviewContexts)
    .values({ id: DEMO_PREVIEW_CONTEXT, name: 'Spring campaign', validUntil: null })
    .onConflictDoNothing()
}
