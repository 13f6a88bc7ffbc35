import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '~/components/useTranslation'
import { mapLayout, type Store } from '~/models/stores'
import type { StoreMapControl } from '~/browser/store-map'

/**
 * The stores drawn by the server (ADR 0043): an equirectangular map of the listed stores, numbered as the
 * list is, each marker a link to its list entry. It is the map without JavaScript or without a tile server.
 */
export function StoreMapSvg({ stores, highlighted }: { stores: Store[]; highlighted: string | null }) {
  const { t } = useTranslation()
  const layout = mapLayout(stores)
  if (!layout) return null
  const byId = new Map(stores.map((store) => [store.id, store]))
  return (
    <svg
      className="store-map-svg"
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      aria-labelledby="store-map-title store-map-desc"
    >
      <title id="store-map-title">{t('store_locator.map.title')}</title>
      <desc id="store-map-desc">{t('store_locator.map.description', { count: layout.markers.length })}</desc>
      <rect className="store-map-sea" x="0" y="0" width={layout.width} height={layout.height} />
      <g className="store-map-graticule" aria-hidden="true">
        {layout.graticule.meridians.map((line) => (
          <line key={`m${line.degrees}`} x1={line.x} x2={line.x} y1="0" y2={layout.height} />
        ))}
        {layout.graticule.parallels.map((line) => (
          <line key={`p${line.degrees}`} y1={line.y} y2={line.y} x1="0" x2={layout.width} />
        ))}
      </g>
      {layout.markers.map((marker) => {
        const store = byId.get(marker.id)!
        return (
          <a
            key={marker.id}
            href={`#store-${marker.id}`}
            aria-label={`${marker.number}. ${store.name}`}
            className={marker.id === highlighted ? 'store-map-marker highlighted' : 'store-map-marker'}
          >
            <circle cx={marker.x} cy={marker.y} r="11" />
            <text x={marker.x} y={marker.y} dy="0.35em" textAnchor="middle" aria-hidden="true">
              {marker.number}
            </text>
          </a>
        )
      })}
    </svg>
  )
}

/**
 * The map of the store finder: the interactive map when a tile server is configured, once JavaScript has
 * loaded Leaflet (its own chunk); until then, and for good without either, the server-drawn one.
 */
export function StoreMap({
  stores,
  tiles,
  highlighted,
  onSelect,
}: {
  stores: Store[]
  tiles: { url: string; attribution: string } | null
  highlighted: string | null
  onSelect: (id: string) => void
}) {
  const { t } = useTranslation()
  const container = useRef<HTMLDivElement>(null)
  const control = useRef<StoreMapControl | null>(null)
  const [interactive, setInteractive] = useState(false)
  const select = useRef(onSelect)
  select.current = onSelect
  const placed = stores.filter((store) => store.position)
  const key = placed.map((store) => store.id).join(',')

  useEffect(() => {
    if (!tiles || !container.current || placed.length === 0) return
    let cancelled = false
    const element = container.current
    void import('~/browser/store-map').then(({ createStoreMap }) => {
      if (cancelled) return
      // Leaflet measures its container as it starts: shown first, beside the drawn map for a moment.
      element.hidden = false
      control.current = createStoreMap(element, {
        tiles,
        stores: placed.map((store) => ({ id: store.id, name: store.name, ...store.position! })),
        onSelect: (id) => select.current(id),
      })
      setInteractive(true)
    })
    return () => {
      cancelled = true
      control.current?.destroy()
      control.current = null
      setInteractive(false)
    }
    // The map is made again when the listed stores change; `placed` is derived from them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, tiles?.url])

  useEffect(() => {
    if (highlighted) control.current?.highlight(highlighted)
  }, [highlighted, interactive])

  return (
    <div className="store-map">
      {tiles ? (
        <div
          ref={container}
          className="store-map-interactive"
          role="region"
          aria-label={t('store_locator.map.title')}
          hidden={!interactive}
        />
      ) : null}
      {interactive ? null : <StoreMapSvg stores={stores} highlighted={highlighted} />}
    </div>
  )
}
