import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData, useNavigation } from '@remix-run/react'
import { useCallback, useState, type KeyboardEvent } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { StoreMap } from '~/components/stores/StoreMap'
import { messageText } from '~/models/messages'
import {
  cityLine,
  formatDistance,
  pageCountry,
  parseOpeningHours,
  weekdayName,
  type Store,
} from '~/models/stores'
import { config } from '~/services/config.server'
import { isFeatureEnabled } from '~/services/features.server'
import { requireFeature } from '~/services/guards.server'
import { pageHeaders } from '~/services/headers'
import { cacheHeaders } from '~/services/http.server'
import { fixedT } from '~/services/i18n.server'
import { shopperOf } from '~/services/shopper.server'
import { findStores, storePlaces } from '~/services/stores.server'

export const headers = pageHeaders

/** Longest text a field of the search takes; the API refuses longer ones. */
const MAX_TEXT = 80

const param = (url: URL, name: string, pattern?: RegExp) => {
  const value = (url.searchParams.get(name) ?? '').trim().slice(0, MAX_TEXT)
  return pattern && !pattern.test(value) ? '' : value
}

/**
 * `/store-finder` (spec shell §2.1, feature storeLocator): the shop's stores, filtered by country and city and
 * sorted by distance from a postal code or place, from a GET form (bookmarkable, without JavaScript). With
 * feature maps, a map of the listed stores: interactive with a tile server (MAP_TILE_URL), else drawn here.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireFeature({ params }, 'storeLocator')
  const { locale, scope } = await shopperOf({ request, params, context })
  const url = new URL(request.url)
  const search = {
    countryCode: param(url, 'countryCode', /^[A-Za-z]{2}$/).toUpperCase(),
    city: param(url, 'city'),
    near: param(url, 'near'),
  }
  const [places, found] = await Promise.all([
    storePlaces(scope),
    findStores(scope, {
      ...search,
      // A postal code known in several countries is taken as one of the chosen country, else of the page's.
      nearCountryCode: search.countryCode || pageCountry(locale.id),
    }),
  ])
  const t = fixedT(locale.id)
  const maps = isFeatureEnabled('maps')
  return data(
    {
      title: t('store_locator.title'),
      description: t('store_locator.description'),
      search,
      places,
      stores: found.stores,
      problem: found.problem ?? null,
      map: maps ? { tiles: config.mapTiles ?? null } : null,
    },
    { headers: cacheHeaders(request, 'catalog') },
  )
}

function OpeningHours({ text }: { text: string }) {
  const { t, i18n } = useTranslation()
  const rules = parseOpeningHours(text)
  const tag = i18n.language.replace('_', '-')
  if (!rules) return <p className="store-hours">{text}</p>
  const days = (from: number, to: number) =>
    from === to ? weekdayName(from, tag) : `${weekdayName(from, tag)}–${weekdayName(to, tag)}`
  return (
    <dl className="store-hours">
      {rules.map((rule) => (
        <div key={`${rule.from}-${rule.to}`}>
          <dt>{days(rule.from, rule.to)}</dt>
          <dd>
            {rule.spans.length
              ? rule.spans.map((span) => `${span.opens}–${span.closes}`).join(', ')
              : t('store_locator.closed')}
          </dd>
        </div>
      ))}
    </dl>
  )
}

function StoreEntry({
  store,
  number,
  highlighted,
  onHighlight,
}: {
  store: Store
  number: number
  highlighted: boolean
  onHighlight: (id: string) => void
}) {
  const { t, i18n } = useTranslation()
  const tag = i18n.language.replace('_', '-')
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) onHighlight(store.id)
  }
  return (
    <li
      id={`store-${store.id}`}
      className={highlighted ? 'store-entry highlighted' : 'store-entry'}
      tabIndex={0}
      aria-labelledby={`store-${store.id}-name`}
      onClick={() => onHighlight(store.id)}
      onFocus={() => onHighlight(store.id)}
      onKeyDown={onKeyDown}
    >
      <h2 id={`store-${store.id}-name`}>
        <span className="store-number" aria-hidden="true">
          {number}
        </span>{' '}
        {store.name}
      </h2>
      {store.distanceKm !== undefined ? (
        <p className="store-distance">
          {t('store_locator.distance', { distance: formatDistance(store.distanceKm, tag) })}
        </p>
      ) : null}
      <address>
        {store.address}
        <br />
        {cityLine(store)}
        <br />
        {store.country}
      </address>
      {store.openingHours ? (
        <>
          <h3>{t('store_locator.opening_hours')}</h3>
          <OpeningHours text={store.openingHours} />
        </>
      ) : null}
      <ul className="store-contact">
        {store.phone ? (
          <li>
            {t('store_locator.phone')}: <a href={`tel:${store.phone.replace(/\s+/g, '')}`}>{store.phone}</a>
          </li>
        ) : null}
        {store.fax ? (
          <li>
            {t('store_locator.fax')}: {store.fax}
          </li>
        ) : null}
        {store.email ? (
          <li>
            {t('store_locator.email')}: <a href={`mailto:${store.email}`}>{store.email}</a>
          </li>
        ) : null}
      </ul>
    </li>
  )
}

export default function StoreFinderPage() {
  const { title, search, places, stores, problem, map } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const navigation = useNavigation()
  const [highlighted, setHighlighted] = useState<string | null>(null)
  const highlight = useCallback((id: string) => setHighlighted(id), [])
  const selectFromMap = useCallback((id: string) => {
    setHighlighted(id)
    document.getElementById(`store-${id}`)?.scrollIntoView({ block: 'nearest' })
  }, [])
  const searching = navigation.state !== 'idle' && navigation.location?.pathname.endsWith('/store-finder')
  return (
    <div className="store-finder">
      <h1>{title}</h1>
      <p>{t('store_locator.description')}</p>
      {/* Keyed by the search, so that a search made in the browser shows its own values in the fields. */}
      <Form
        key={`${search.countryCode}|${search.city}|${search.near}`}
        method="get"
        role="search"
        className="store-finder-form"
        aria-label={t('store_locator.form.label')}
      >
        <div>
          <label htmlFor="store-country">{t('store_locator.form.country.label')}</label>
          <select id="store-country" name="countryCode" defaultValue={search.countryCode}>
            <option value="">{t('store_locator.form.country.default')}</option>
            {places.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="store-city">{t('store_locator.form.city.label')}</label>
          <select id="store-city" name="city" defaultValue={search.city}>
            <option value="">{t('store_locator.form.city.default')}</option>
            {places
              .filter((country) => !search.countryCode || country.code === search.countryCode)
              .map((country) => (
                <optgroup key={country.code} label={country.name}>
                  {country.cities.map((city) => (
                    <option key={city} value={city}>
                      {city}
                    </option>
                  ))}
                </optgroup>
              ))}
          </select>
        </div>
        <div>
          <label htmlFor="store-near">{t('store_locator.form.near.label')}</label>
          <input
            id="store-near"
            name="near"
            type="search"
            defaultValue={search.near}
            maxLength={MAX_TEXT}
            aria-describedby="store-near-help"
          />
          <p id="store-near-help" className="store-finder-help">
            {t('store_locator.form.near.help')}
          </p>
        </div>
        <button type="submit" className="button" disabled={searching}>
          {t('store_locator.form.submit.label')}
        </button>
      </Form>
      {problem ? (
        <p className="form-error" role="alert">
          {messageText(t, problem)}
        </p>
      ) : (
        <p className="store-finder-count" role="status">
          {search.near
            ? t('store_locator.results.near', { count: stores.length, place: search.near })
            : t('store_locator.results', { count: stores.length })}
        </p>
      )}
      {stores.length > 0 ? (
        <div className={map ? 'store-finder-results with-map' : 'store-finder-results'}>
          {map ? (
            <StoreMap stores={stores} tiles={map.tiles} highlighted={highlighted} onSelect={selectFromMap} />
          ) : null}
          <ol className="store-list" aria-label={t('store_locator.list.label')}>
            {stores.map((store, index) => (
              <StoreEntry
                key={store.id}
                store={store}
                number={index + 1}
                highlighted={store.id === highlighted}
                onHighlight={highlight}
              />
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data: page }) =>
  page ? [{ title: page.title }, { name: 'description', content: page.description }] : []
