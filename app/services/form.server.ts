/**
 * The one way an action reads what a browser posted (issue 14): every bound a stranger could push on is
 * checked here, before anything is parsed into structures or echoed back.
 *
 * - only POST (405), only form bodies (415), only from this shop's own pages (403, see `assertSameOrigin`);
 * - the body is read up to a byte limit (413), then at most `maxFields` fields with names of bounded length;
 * - `parseSubmission` hands Conform only the fields the form's schema knows, with array indices the schema
 *   allows, so neither the parse nor the echoed reply can grow beyond what the form itself defines; control
 *   characters in a value are a field error naming that field.
 */
import { parseWithZod } from '@conform-to/zod'
import { z, type ZodTypeAny } from 'zod'
import { config } from './config.server'

export type FormLimits = {
  /** Largest body in bytes (default 64 KiB: far above any form of the shop). */
  maxBytes?: number
  /** Most fields (default 300: a full basket page's quantity fields fit). */
  maxFields?: number
  /**
   * Cross-site posts are refused unless a route is an entry point other sites post to by design (punchout).
   */
  crossSite?: 'refuse' | 'allow'
}

export const FORM_LIMITS = {
  maxBytes: 64 * 1024,
  maxFields: 300,
  maxNameLength: 200,
  /** Largest array index a field name may carry when the schema's array names no maximum of its own. */
  maxIndex: 999,
} as const

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])

function refuse(status: number, statusText: string, headers?: HeadersInit): never {
  throw new Response(null, { status, statusText, headers })
}

/** The origins this shop's own pages are served from: the configured public one and the request's own. */
function ownOrigins(request: Request): Set<string> {
  const origins = new Set([new URL(request.url).origin])
  if (config.publicUrl) origins.add(new URL(config.publicUrl).origin)
  return origins
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

/**
 * Refuses a post another site made the shopper's browser send (CSRF): browsers say where a request comes
 * from in `Sec-Fetch-Site` and `Origin` (or at least `Referer`). A request without any of them is not from
 * a browser acting for someone else and passes. Tokens in the page are no option here: anonymous pages are
 * shared by the page cache and CDNs, so they cannot carry a per-visitor secret (ADR 0012).
 */
export function assertSameOrigin(request: Request) {
  const site = request.headers.get('sec-fetch-site')
  if (site && site !== 'same-origin' && site !== 'none') refuse(403, 'Cross-site request')
  const origin = request.headers.get('origin')
  const referer = request.headers.get('referer')
  const from = origin
    ? origin === 'null'
      ? null
      : originOf(origin)
    : referer
      ? originOf(referer)
      : undefined
  if (from === undefined) return
  if (from === null || !ownOrigins(request).has(from)) refuse(403, 'Cross-site request')
}

async function readBody(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? NaN)
  if (declared > maxBytes) refuse(413, 'Payload Too Large')
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      // Not cancelled: that would reset the connection before the 413 is sent. The rest is left unread;
      // the HTTP layer closes the connection after an answer to a body not read to its end
      // (closeAfterUnreadBody in server/security.mjs).
      reader.releaseLock()
      refuse(413, 'Payload Too Large')
    }
    chunks.push(value)
  }
  const body = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}

/**
 * Reads a posted form within its bounds; throws the 4xx Response the route's error page shows otherwise.
 */
export async function readForm(request: Request, limits: FormLimits = {}): Promise<FormData> {
  const maxBytes = limits.maxBytes ?? FORM_LIMITS.maxBytes
  const maxFields = limits.maxFields ?? FORM_LIMITS.maxFields
  if (request.method !== 'POST') refuse(405, 'Method Not Allowed', { Allow: 'GET, HEAD, POST' })
  if (limits.crossSite !== 'allow') assertSameOrigin(request)
  const contentType = request.headers.get('content-type') ?? ''
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase()
  if (!FORM_TYPES.has(mediaType)) refuse(415, 'Unsupported Media Type')
  const body = await readBody(request, maxBytes)
  let form: FormData
  if (mediaType === 'application/x-www-form-urlencoded') {
    form = new FormData()
    // Malformed escapes decode to U+FFFD (WHATWG), never throw.
    for (const [name, value] of new URLSearchParams(new TextDecoder().decode(body))) form.append(name, value)
  } else {
    try {
      form = await new Response(new Blob([body as Uint8Array<ArrayBuffer>]), {
        headers: { 'content-type': contentType },
      }).formData()
    } catch {
      refuse(400, 'Malformed Form')
    }
  }
  const names = new Set<string>()
  let entries = 0
  for (const [name] of form) {
    entries += 1
    names.add(name)
    if (name.length > FORM_LIMITS.maxNameLength) refuse(413, 'Field Name Too Long')
  }
  // Repeated names (several items in one add) count too, a few per field.
  if (names.size > maxFields || entries > maxFields * 4) refuse(413, 'Too Many Fields')
  return form
}

/** A form field's text, or null when it is missing or a file. */
export function formText(form: FormData, name: string): string | null {
  const value = form.get(name)
  return typeof value === 'string' ? value : null
}

type Segment = string | number

/** A Conform field name (`invoice.firstName`, `items[2].sku`, `tags[]`) as path segments; null when malformed. */
export function fieldPath(name: string): Segment[] | null {
  const segments: Segment[] = []
  const token = /([^.[\]]+)|\[(\d*)\]/g
  let last = 0
  let match: RegExpExecArray | null
  while ((match = token.exec(name))) {
    if (match.index !== last && !(match.index === last + 1 && name[last] === '.' && segments.length))
      return null
    const [, key, index] = match
    if (key !== undefined) segments.push(key)
    else if (index === '') segments.push('')
    else if (index!.length > 9) return null
    else segments.push(Number(index))
    last = token.lastIndex
  }
  return last === name.length && segments.length ? segments : null
}

/** The schema inside wrappers that do not change which fields exist. */
function unwrap(schema: ZodTypeAny): ZodTypeAny {
  for (;;) {
    if (schema instanceof z.ZodEffects) schema = schema.innerType()
    else if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) schema = schema.unwrap()
    else if (schema instanceof z.ZodDefault) schema = schema.removeDefault()
    else if (schema instanceof z.ZodCatch) schema = schema.removeCatch()
    else if (schema instanceof z.ZodBranded) schema = schema.unwrap()
    else if (schema instanceof z.ZodReadonly) schema = schema.unwrap()
    else if (schema instanceof z.ZodPipeline) schema = schema._def.in
    else if (schema instanceof z.ZodLazy) schema = schema.schema
    else return schema
  }
}

/** The schema of one step into a value (`segment`), or undefined when the schema has no such field. */
function childSchema(parent: ZodTypeAny, segment: Segment): ZodTypeAny | undefined {
  const schema = unwrap(parent)
  if (schema instanceof z.ZodObject) {
    if (typeof segment !== 'string' || segment === '') return undefined
    const shape = schema.shape as Record<string, ZodTypeAny>
    if (Object.hasOwn(shape, segment)) return shape[segment]
    const catchall = schema._def.catchall as ZodTypeAny
    return catchall instanceof z.ZodNever ? undefined : catchall
  }
  if (schema instanceof z.ZodArray) {
    const max = (schema._def.maxLength?.value ?? FORM_LIMITS.maxIndex + 1) - 1
    if (segment === '') return schema.element
    return typeof segment === 'number' && segment <= Math.min(max, FORM_LIMITS.maxIndex)
      ? schema.element
      : undefined
  }
  if (schema instanceof z.ZodTuple) {
    return typeof segment === 'number' ? (schema.items as ZodTypeAny[])[segment] : undefined
  }
  if (schema instanceof z.ZodRecord) return typeof segment === 'string' ? schema.valueSchema : undefined
  if (schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion) {
    for (const option of schema.options as ZodTypeAny[]) {
      const child = childSchema(option, segment)
      if (child) return child
    }
    return undefined
  }
  if (schema instanceof z.ZodIntersection)
    return childSchema(schema._def.left, segment) ?? childSchema(schema._def.right, segment)
  return undefined
}

/** True when `name` is a field the schema defines (every step of its path exists there). */
export function schemaKnows(schema: ZodTypeAny, name: string): boolean {
  const path = fieldPath(name)
  if (!path) return false
  let current: ZodTypeAny | undefined = schema
  for (const segment of path) {
    current = current && childSchema(current, segment)
    if (!current) return false
  }
  return true
}

/** C0 controls other than tab, line feed and carriage return, and DEL: never part of what a person types. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/** The fields of `form` whose text holds control characters. */
export function fieldsWithControlCharacters(form: FormData): string[] {
  const names = new Set<string>()
  for (const [name, value] of form) if (typeof value === 'string' && CONTROL.test(value)) names.add(name)
  return [...names]
}

function knownFields(form: FormData, schema: ZodTypeAny): FormData {
  const known = new FormData()
  for (const [name, value] of form) if (schemaKnows(schema, name)) known.append(name, value)
  return known
}

/**
 * The reply that shows a form again as it was typed, without validating it (a form posted back only to
 * re-render, e.g. for a changed country): the schema's own fields only.
 */
export function echoSubmission(form: FormData, schema: ZodTypeAny) {
  return parseWithZod(knownFields(form, schema), { schema: z.object({}).passthrough() }).reply()
}

/**
 * Conform's parse of a posted form, restricted to what the schema defines: unknown fields (and Conform's
 * client-side intent and state fields) are dropped before the parse, so the submission's payload and the
 * reply that echoes it hold only the form's own fields. A value with control characters is an error of
 * its field (`form.control_characters`).
 */
export function parseSubmission<Schema extends ZodTypeAny>(
  form: FormData,
  { schema, t }: { schema: Schema; t: (key: string) => string },
) {
  const known = knownFields(form, schema)
  const submission = parseWithZod(known, { schema })
  const refused = fieldsWithControlCharacters(known)
  if (refused.length === 0) return submission
  const message = t('form.control_characters')
  const fieldErrors = Object.fromEntries(refused.map((name) => [name, [message]]))
  type ReplyOptions = NonNullable<Parameters<typeof submission.reply>[0]>
  return {
    status: 'error' as const,
    payload: submission.payload,
    error: { ...(submission.status === 'error' ? submission.error : {}), ...fieldErrors },
    reply: (options: ReplyOptions = {}) =>
      submission.reply({
        ...options,
        fieldErrors: { ...('fieldErrors' in options ? options.fieldErrors : {}), ...fieldErrors },
      }),
  }
}
