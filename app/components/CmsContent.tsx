import { useNavigate } from '@remix-run/react'
import type { MouseEvent, ReactNode } from 'react'
import type { Pagelet } from '~/models/cms'
import { useShell } from './useShell'

/**
 * Renders CMS pagelets. HTML parameters come from the shop's own CMS and are trusted content.
 * Components with data of their own (product lists, category teasers) are rendered by `renderSpecial`.
 * Links in the HTML to the shop's pages navigate client-side when JavaScript runs.
 */
export function CmsContent({
  pagelets,
  renderSpecial,
}: {
  pagelets: Pagelet[]
  renderSpecial?: (pagelet: Pagelet) => ReactNode
}) {
  const navigate = useNavigate()
  const { locale, shell } = useShell()
  // In the design view (spec §2.4) each component names itself, so editors see what they are placing.
  const designView = shell?.theme?.preview?.designView === true
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const anchor = (event.target as Element).closest('a')
    const href = anchor?.getAttribute('href')
    if (
      !anchor ||
      !href?.startsWith(`/${locale.lang}/`) ||
      anchor.target ||
      anchor.hasAttribute('download') ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return
    event.preventDefault()
    navigate(href)
  }
  return (
    <>
      {pagelets.map((pagelet) => {
        const special = renderSpecial?.(pagelet)
        const marker = designView ? { 'data-pagelet': pagelet.id, title: pagelet.component } : {}
        if (special)
          return (
            <div key={pagelet.id} {...marker}>
              {special}
            </div>
          )
        const html = pagelet.params.HTML ?? pagelet.params.HTMLText
        if (typeof html === 'string') {
          return (
            <div
              key={pagelet.id}
              className={`cms-${pagelet.component.split('.').pop()}`}
              {...marker}
              onClick={onClick}
              dangerouslySetInnerHTML={{ __html: html }}
            />
          )
        }
        return null
      })}
    </>
  )
}
