/**
 * The store finder's interactive map (spec shell §2.7, ADR 0043): Leaflet with the configured tile server,
 * the stores as markers with Leaflet's default icon, initial and minimum zoom 2. Imported only by the store
 * finder when a tile server is configured and JavaScript runs, so Leaflet and its stylesheet are a chunk of
 * their own that no other page loads.
 */
import L from 'leaflet'
import 'leaflet/dist/leaflet.css'
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png?url'
import iconUrl from 'leaflet/dist/images/marker-icon.png?url'
import shadowUrl from 'leaflet/dist/images/marker-shadow.png?url'

/** Spec §2.7, §9: the map starts at zoom 2 and never shows less. */
export const MAP_ZOOM = 2

export type MapStore = { id: string; name: string; latitude: number; longitude: number }

export type StoreMapOptions = {
  tiles: { url: string; attribution: string }
  stores: MapStore[]
  /** Called when a marker is chosen on the map, to highlight its list entry. */
  onSelect: (id: string) => void
}

export type StoreMapControl = {
  /** Pans to the store and opens its info window with its name (spec §2.7). */
  highlight: (id: string) => void
  destroy: () => void
}

// The default icon's images come from the bundle (hashed URLs of this origin), not from a path Leaflet
// guesses from its stylesheet, which bundling breaks.
L.Icon.Default.imagePath = ''
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl })

/** A popup's content as text: store names are data, never markup. */
function nameElement(name: string): HTMLElement {
  const element = document.createElement('strong')
  element.textContent = name
  return element
}

export function createStoreMap(container: HTMLElement, options: StoreMapOptions): StoreMapControl {
  const first = options.stores[0]
  const map = L.map(container, {
    center: first ? [first.latitude, first.longitude] : [0, 0],
    zoom: MAP_ZOOM,
    minZoom: MAP_ZOOM,
    worldCopyJump: true,
  })
  L.tileLayer(options.tiles.url, {
    attribution: options.tiles.attribution ? escapeText(options.tiles.attribution) : undefined,
    maxZoom: 18,
  }).addTo(map)
  const markers = new Map<string, L.Marker>()
  for (const store of options.stores) {
    // Mouse and touch only: at zoom 2 neighbouring stores overlap, too close to be separate keyboard or touch
    // targets; the list's entries are the keyboard's way to a store (they highlight it here).
    const marker = L.marker([store.latitude, store.longitude], {
      title: store.name,
      alt: store.name,
      keyboard: false,
    })
      .bindPopup(nameElement(store.name))
      .addTo(map)
    marker.on('click', () => options.onSelect(store.id))
    markers.set(store.id, marker)
  }
  return {
    highlight(id) {
      const marker = markers.get(id)
      if (!marker) return
      map.panTo(marker.getLatLng())
      marker.openPopup()
    },
    destroy() {
      map.remove()
    },
  }
}

/** The attribution as text (Leaflet writes it as HTML). */
function escapeText(text: string): string {
  const element = document.createElement('span')
  element.textContent = text
  return element.innerHTML
}
