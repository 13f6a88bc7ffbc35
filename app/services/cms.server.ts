import { ContentIncludeSchema, mapContentInclude } from '~/models/cms'
import { icmCall, type IcmScope } from './icm.server'

export const HOME_INCLUDE = 'include.homepage.content.pagelet2-Include'
export const FOOTER_INCLUDE = 'include.footer.content.pagelet2-Include'

export async function contentInclude(scope: IcmScope, id: string) {
  const data = await icmCall(scope, {
    path: `cms/includes/${encodeURIComponent(id)}`,
    schema: ContentIncludeSchema,
    cache: 'short',
    group: 'pgid',
  })
  return mapContentInclude(data)
}
