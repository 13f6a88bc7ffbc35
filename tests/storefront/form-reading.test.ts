import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { action as loginAction } from '~/routes/$lang._shop.login'
import { FORM_LIMITS, parseSubmission, readForm, schemaKnows, type FormLimits } from '~/services/form.server'
import './setup'

const url = 'http://shop.test/en/login'
const urlencoded = { 'content-type': 'application/x-www-form-urlencoded' }

const post = (body: BodyInit, headers: Record<string, string> = urlencoded, init: RequestInit = {}) =>
  new Request(url, { method: 'POST', body, headers, ...init })

/** The Response readForm threw, or null when it read the form. */
async function refusal(request: Request, limits?: FormLimits): Promise<Response | null> {
  try {
    await readForm(request, limits)
    return null
  } catch (error) {
    if (error instanceof Response) return error
    throw error
  }
}

/** A body that arrives in chunks without a declared length, as a chunked upload does. */
function chunked(chunks: number, chunkSize: number): ReadableStream<Uint8Array> {
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      if (sent++ >= chunks) return controller.close()
      controller.enqueue(new TextEncoder().encode(`a${sent}=${'x'.repeat(chunkSize)}&`))
    },
  })
}

describe('reading a posted form', () => {
  it('reads a form from the shop’s own page, with or without origin headers', async () => {
    const same = await readForm(
      post('login=a&password=b', {
        ...urlencoded,
        origin: 'http://shop.test',
        'sec-fetch-site': 'same-origin',
      }),
    )
    expect(same.get('login')).toBe('a')
    const plain = await readForm(post('login=a'))
    expect(plain.get('login')).toBe('a')
    const multipart = new FormData()
    multipart.set('login', 'm')
    expect((await readForm(new Request(url, { method: 'POST', body: multipart }))).get('login')).toBe('m')
  })

  it.each(['PUT', 'PATCH', 'DELETE'])('refuses %s with 405 and says which methods work', async (method) => {
    const answer = await refusal(new Request(url, { method, body: 'a=1', headers: urlencoded }))
    expect(answer?.status).toBe(405)
    expect(answer?.headers.get('Allow')).toBe('GET, HEAD, POST')
  })

  it.each([['application/json'], ['text/plain'], ['application/xml'], ['']])(
    'refuses a %j body with 415',
    async (type) => {
      const answer = await refusal(post('{"login":"a"}', type ? { 'content-type': type } : {}))
      expect(answer?.status).toBe(415)
    },
  )

  it('refuses a body above the limit by its declared length, before reading it', async () => {
    const body = 'a='.padEnd(FORM_LIMITS.maxBytes + 10, 'x')
    expect((await refusal(post(body)))?.status).toBe(413)
    expect((await refusal(post('a=12345678901'), { maxBytes: 10 }))?.status).toBe(413)
  })

  it('stops reading a chunked body at the limit', async () => {
    let pulled = 0
    const stream = chunked(1000, 1024).pipeThrough(
      new TransformStream({
        transform(chunk, controller) {
          pulled += 1
          controller.enqueue(chunk)
        },
      }),
    )
    const request = new Request(url, {
      method: 'POST',
      body: stream,
      headers: urlencoded,
      duplex: 'half',
    } as RequestInit)
    expect((await refusal(request))?.status).toBe(413)
    // 64 KiB in 1 KiB chunks: it gave up after the limit, not after the whole megabyte.
    expect(pulled).toBeLessThan(100)
  })

  it('refuses too many fields and over-long field names with 413', async () => {
    const many = Array.from({ length: FORM_LIMITS.maxFields + 1 }, (_, i) => `f${i}=1`).join('&')
    expect((await refusal(post(many)))?.status).toBe(413)
    const repeated = Array.from({ length: FORM_LIMITS.maxFields * 4 + 1 }, () => 'sku=1').join('&')
    expect((await refusal(post(repeated)))?.status).toBe(413)
    expect((await refusal(post(`${'n'.repeat(FORM_LIMITS.maxNameLength + 1)}=1`)))?.status).toBe(413)
  })

  it.each([
    [{ 'sec-fetch-site': 'cross-site' }],
    [{ 'sec-fetch-site': 'same-site' }],
    [{ origin: 'https://evil.example' }],
    [{ origin: 'null' }],
    [{ origin: 'http://shop.test.evil.example' }],
    [{ referer: 'https://evil.example/page' }],
  ])('refuses a post another site made the browser send (%j) with 403', async (headers) => {
    expect((await refusal(post('login=a', { ...urlencoded, ...headers })))?.status).toBe(403)
  })

  it('lets an entry point other sites post to by design take cross-site posts', async () => {
    const request = post('a=1', { ...urlencoded, origin: 'https://procurement.example' })
    expect((await readForm(request, { crossSite: 'allow' })).get('a')).toBe('1')
  })
})

describe('parsing a submission with the form’s schema', () => {
  const schema = z.object({
    intent: z.literal('guest'),
    invoice: z.object({ firstName: z.string(), lines: z.array(z.string()).max(5) }),
    tags: z.array(z.string()).optional(),
  })
  const t = (key: string) => `t(${key})`
  const form = (entries: [string, string][]) => {
    const data = new FormData()
    for (const [name, value] of entries) data.append(name, value)
    return data
  }

  it('knows exactly the schema’s fields and indices', () => {
    expect(schemaKnows(schema, 'invoice.firstName')).toBe(true)
    expect(schemaKnows(schema, 'invoice.lines[4]')).toBe(true)
    expect(schemaKnows(schema, 'invoice.lines[5]')).toBe(false)
    expect(schemaKnows(schema, 'tags[999]')).toBe(true)
    expect(schemaKnows(schema, 'tags[1000]')).toBe(false)
    expect(schemaKnows(schema, 'invoice.firstName[99999999]')).toBe(false)
    expect(schemaKnows(schema, 'x[99999999]')).toBe(false)
    expect(schemaKnows(schema, '__proto__.polluted')).toBe(false)
    expect(schemaKnows(schema, 'invoice.__proto__')).toBe(false)
    expect(schemaKnows(schema, 'invoice..firstName')).toBe(false)
    expect(schemaKnows(schema, 'tags[00000000000000000001]')).toBe(false)
  })

  it('never parses or echoes fields the schema does not define', () => {
    const submission = parseSubmission(
      form([
        ['intent', 'guest'],
        ['invoice.firstName', 'Ada'],
        ['x[99999999]', '1'],
        ['invoice.firstName[99999999]', '1'],
        ['invoice.lines[1000000]', '1'],
        ['__intent__', '{not json'],
        ['__state__', '{not json'],
        ['constructor.prototype.x', '1'],
      ]),
      { schema, t },
    )
    const reply = submission.reply()
    expect(reply.initialValue).toEqual({ intent: 'guest', invoice: { firstName: 'Ada' } })
    expect(JSON.stringify(reply).length).toBeLessThan(1000)
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })

  it('makes control characters an error of the field that holds them', () => {
    const submission = parseSubmission(
      form([
        ['intent', 'guest'],
        ['invoice.firstName', 'Ada\u0000'],
        ['invoice.lines[0]', 'ok\r\nline\ttab'],
      ]),
      { schema, t },
    )
    expect(submission.status).toBe('error')
    expect(submission.reply().error?.['invoice.firstName']).toEqual(['t(form.control_characters)'])
    expect(submission.reply().error?.['invoice.lines[0]']).toBeUndefined()
  })
})

describe('the login action under hostile input', () => {
  it('answers a huge array index in an unknown field with a small page, at once', async () => {
    const started = Date.now()
    const answer = await loginAction({
      request: post('login=&password=&x%5B99999999%5D=1'),
      params: { lang: 'en' },
      context: {},
    })
    expect(Date.now() - started).toBeLessThan(1000)
    const body = JSON.stringify((answer as unknown as { data: unknown }).data)
    expect(body.length).toBeLessThan(2000)
    expect(body).not.toContain('99999999')
  })

  it('names the field that holds a control character', async () => {
    const answer = (await loginAction({
      request: post('login=patricia%00&password=x'),
      params: { lang: 'en' },
      context: {},
    })) as unknown as { init: { status: number }; data: { result: { error: Record<string, string[]> } } }
    expect(answer.init.status).toBe(400)
    expect(Object.keys(answer.data.result.error)).toContain('login')
  })
})
