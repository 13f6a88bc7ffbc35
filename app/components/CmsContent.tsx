import type { ReactNode } from 'react'
import type { Pagelet } from '~/models/cms'

/**
 * Renders CMS pagelets. HTML parameters come from the shop's own CMS and are trusted content.
 * Components with data of their own (product lists, category teasers) are rendered by `renderSpecial`.
 */
export function CmsContent({
  pagelets,
  renderSpecial,
}: {
  pagelets: Pagelet[]
  renderSpecial?: (pagelet: Pagelet) => ReactNode
}) {
  return (
    <>
      {pagelets.map((pagelet) => {
        const special = renderSpecial?.(pagelet)
        if (special) return <div key={pagelet.id}>{special}</div>
        const html = pagelet.params.HTML ?? pagelet.params.HTMLText
        if (typeof html === 'string') {
          return (
            <div
              key={pagelet.id}
              className={`cms-${pagelet.component.split('.').pop()}`}
              dangerouslySetInnerHTML={{ __html: html }}
            />
          )
        }
        return null
      })}
    </>
  )
}
