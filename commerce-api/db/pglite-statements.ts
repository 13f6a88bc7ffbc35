/**
 * Prepared statements on the embedded database (ADR 0062).
 *
 * PGlite's `query` speaks the extended protocol one message at a time: Parse, Describe statement, Bind,
 * Describe portal, Execute and Sync each cross into PostgreSQL's WebAssembly on their own, and every call
 * parses and plans its text again. Drizzle sends the same few hundred texts over and over. Here a text that
 * reads or writes rows (`select`, `insert`, `update`, `delete`, `with`) is parsed once into a named statement,
 * its parameter and column types kept; after that a call is one crossing (Bind, Execute, Sync) and
 * PostgreSQL's plan cache takes over. Anything else (DDL, `set`, `begin`, a COPY with a blob, calls with
 * options other than Drizzle's) goes PGlite's own way; after one that may change tables or statements (DDL,
 * `deallocate`, `discard`: anything not known to be harmless) every statement kept is forgotten.
 *
 * A call's messages are written into one buffer (Bind, Execute, Sync) and its answer is read straight from
 * the bytes: rows, command tag, and an error through PGlite's protocol parser. PGlite's own answer handler is
 * bypassed (`execProtocolRawStream`): it would parse every message a second time into a list nobody reads.
 * It is also what hands notifications to listeners: once someone listens, every call goes PGlite's own way.
 *
 * What a call answers is what PGlite's `query` answers: the same rows in `array` or `object` mode, parsed by
 * the same parsers (PGlite's, overridden per call as Drizzle does), `fields`, `affectedRows` and `rowCount`
 * from the command tag; a failure throws PostgreSQL's `DatabaseError` with `query`, `params` and
 * `queryOptions` added, as PGlite does. A call outside a transaction waits for PGlite's transaction lock as
 * PGlite's `query` does, so it never runs inside another caller's transaction.
 *
 * At most `max` statements are kept (least recently used first out); one dropped is closed in PostgreSQL
 * with the next call, so the WebAssembly memory their plans take stays bounded.
 */
import { protocol, type PGlite, type Results, type Transaction } from '@electric-sql/pglite'

type Parser = (value: string, typeId: number) => unknown
type Serializer = (value: unknown) => string
type Field = { name: string; dataTypeID: number }
type QueryOptions = {
  rowMode?: 'array' | 'object'
  parsers?: Record<number, Parser>
  serializers?: Record<number, Serializer>
}
type Statement = { name: string; paramTypes: number[]; fields: Field[] }
type Message = { name: string } & Record<string, unknown>

/** The PGlite members used here that its types keep to itself. */
type Internals = {
  parsers: Record<number, Parser>
  serializers: Record<number, Serializer>
  _checkReady(): Promise<void>
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>
  execProtocolRawStream(
    message: Uint8Array,
    options: { syncToFs: boolean; onRawData: (chunk: Uint8Array) => void },
  ): Promise<void>
  syncToFs(): Promise<void>
}

/** Statements kept by default: what one request needs is a few dozen, and each may hold ~50 KB of plans. */
export const MAX_PREPARED_STATEMENTS = 200

/** Parameter types whose binary format is the text's UTF-8 bytes: text, varchar, bpchar, name. */
const TEXT_TYPES = new Set([25, 1043, 1042, 19])
/** From this length on a text parameter is sent as bytes (see `run`). */
const BINARY_FROM = 1024

/** Backend message codes read on the fast path: DataRow, CommandComplete, ErrorResponse. */
const DATA_ROW = 0x44
const COMMAND_COMPLETE = 0x43
const ERROR = 0x45
/** Execute (the unnamed portal, every row) and Sync, as they follow every Bind. */
const EXECUTE_AND_SYNC = Buffer.from([0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0x53, 0, 0, 0, 4])

/**
 * Bind of the unnamed portal to statement `name` with `values` (text, bytes in binary format, or null;
 * every column answered as text), then Execute and Sync: one buffer, measured and written once.
 */
function bindAndExecute(name: string, values: (string | Buffer | null)[]): Buffer {
  // Code, length, portal, name, format codes, parameters (each a length and its bytes), result formats.
  let size = 1 + 4 + 1 + Buffer.byteLength(name) + 1 + 2 + 2 * values.length + 2 + 4 * values.length + 2
  const lengths = values.map((value) => {
    if (value === null) return -1
    const length = typeof value === 'string' ? Buffer.byteLength(value) : value.length
    size += length
    return length
  })
  const out = Buffer.allocUnsafe(size + EXECUTE_AND_SYNC.length)
  out[0] = 0x42
  out.writeInt32BE(size - 1, 1)
  let at = 5
  out[at++] = 0 // the unnamed portal
  at += out.write(name, at)
  out[at++] = 0
  out.writeUInt16BE(values.length, at)
  at += 2
  for (const value of values) at = out.writeInt16BE(Buffer.isBuffer(value) ? 1 : 0, at)
  out.writeUInt16BE(values.length, at)
  at += 2
  values.forEach((value, i) => {
    at = out.writeInt32BE(lengths[i]!, at)
    if (typeof value === 'string') at += out.write(value, at)
    else if (value) at += value.copy(out, at)
  })
  at = out.writeInt16BE(0, at) // no result format codes: every column as text
  EXECUTE_AND_SYNC.copy(out, at)
  return out
}

/** Texts worth keeping as statements: they read or write rows, and may run again. */
const PREPARABLE = /^[\s(]*(?:select|insert|update|delete|with)\b/i
/**
 * Texts that change neither tables nor statements. After any other text that goes PGlite's own way (DDL,
 * `deallocate`, `discard`, a script), no statement kept is trusted any more.
 */
const HARMLESS =
  /^\s*(?:begin|start|commit|end|rollback|abort|savepoint|release|set|reset|show|analyze|vacuum|explain|copy|lock|checkpoint)\b/i
/** The options Drizzle passes; a call with any other goes PGlite's own way. */
const KNOWN_OPTIONS = new Set(['rowMode', 'parsers', 'serializers'])

const usualOptions = (options: unknown): options is QueryOptions | undefined =>
  options === undefined ||
  (typeof options === 'object' &&
    options !== null &&
    Object.keys(options).every((key) => KNOWN_OPTIONS.has(key)))

/** What PGlite adds to a failure of its `query`. */
function failure(error: unknown, query: string, params: unknown[], options: QueryOptions | undefined) {
  return Object.assign(error as object, { query, params, queryOptions: options })
}

export type PreparedStatements = {
  /** How many statements are kept now. */
  readonly size: number
  /** Forgets (and closes, with the next call) every statement kept. */
  forget(): void
}

/**
 * Puts the prepared path under `client.query` and under the `query` of its transactions (see the file's
 * comment). Install it before anything else wraps those methods (the read caches' write watcher).
 */
export function usePreparedStatements(
  client: PGlite,
  { max = MAX_PREPARED_STATEMENTS }: { max?: number } = {},
): PreparedStatements {
  const pglite = client as unknown as Internals
  /** Kept statements by text, least recently used first. */
  const statements = new Map<string, Statement>()
  /** Statements dropped from the map, closed with the next call. */
  let toClose: string[] = []
  let counter = 0
  let parser = new protocol.Parser()

  const forget = () => {
    for (const statement of statements.values()) toClose.push(statement.name)
    statements.clear()
  }

  /**
   * Runs one batch of messages (after closing what was dropped) and returns PostgreSQL's whole answer. PGlite
   * hands the answer over piece by piece as views of the WebAssembly's memory, copied here; its own handler
   * would also parse every message into a list nobody reads on this path.
   */
  const exchange = async (input: Uint8Array): Promise<Buffer> => {
    if (toClose.length) {
      input = Buffer.concat([...toClose.map((name) => protocol.serialize.close({ type: 'S', name })), input])
      toClose = []
    }
    const chunks: Buffer[] = []
    await pglite.execProtocolRawStream(input, {
      syncToFs: false,
      onRawData: (chunk) => chunks.push(Buffer.from(chunk)),
    })
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)
  }

  /** The messages of an answer, parsed by PGlite's protocol parser; throws the first error. */
  const parsed = (output: Buffer): Message[] => {
    const messages: Message[] = []
    let error: Message | undefined
    // The parser keeps nothing between calls: every answer ends with a whole ReadyForQuery.
    try {
      parser.parse(output, (message) => {
        messages.push(message as unknown as Message)
        if (!error && message.name === 'error') error = message as unknown as Message
      })
    } catch (failed) {
      parser = new protocol.Parser()
      throw failed
    }
    if (error) throw error
    return messages
  }

  const prepare = async (text: string): Promise<Statement> => {
    const kept = statements.get(text)
    if (kept) {
      // Most recently used last.
      statements.delete(text)
      statements.set(text, kept)
      return kept
    }
    const name = `s${++counter}`
    const messages = parsed(
      await exchange(
        Buffer.concat([
          protocol.serialize.parse({ name, text }),
          protocol.serialize.describe({ type: 'S', name }),
          protocol.serialize.sync(),
        ]),
      ),
    )
    let paramTypes: number[] = []
    let fields: Field[] = []
    for (const message of messages) {
      if (message.name === 'parameterDescription') paramTypes = message.dataTypeIDs as number[]
      else if (message.name === 'rowDescription')
        fields = (message.fields as Field[]).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }))
    }
    const statement = { name, paramTypes, fields }
    statements.set(text, statement)
    if (statements.size > max) {
      const [oldest] = statements
      statements.delete(oldest![0])
      toClose.push(oldest![1].name)
    }
    return statement
  }

  const run = async (
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results> => {
    const statement = await prepare(text)
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null
      const type = statement.paramTypes[i]!
      const serializer = options?.serializers?.[type] ?? pglite.serializers[type]
      const text = serializer ? serializer(value) : String(value)
      // A long text goes in binary format, which for text is its UTF-8 bytes: encoded natively at once
      // instead of measured and copied character by character (a mail's HTML in the outbox).
      return text.length >= BINARY_FROM && TEXT_TYPES.has(type) ? Buffer.from(text, 'utf8') : text
    })
    return results(await exchange(bindAndExecute(statement.name, values)), statement.fields, options)
  }

  /**
   * PGlite's result of one statement, read straight from the answer's bytes: its rows parsed, fields, and the
   * counts of its command tag. Only an error goes through the protocol parser, for PostgreSQL's error object.
   */
  const results = (output: Buffer, fields: Field[], options: QueryOptions | undefined): Results => {
    const byColumn = fields.map((f) => options?.parsers?.[f.dataTypeID] ?? pglite.parsers[f.dataTypeID])
    const asObjects = options?.rowMode !== 'array'
    const rows: unknown[] = []
    let tag: string | undefined
    for (let at = 0; at < output.length;) {
      const code = output[at]!
      const end = at + 1 + output.readInt32BE(at + 1)
      if (code === DATA_ROW) {
        let field = at + 7
        const values: unknown[] = []
        const row: Record<string, unknown> = {}
        for (let i = 0; i < fields.length; i++) {
          const length = output.readInt32BE(field)
          field += 4
          let value: unknown = null
          if (length >= 0) {
            const raw = output.toString('utf8', field, field + length)
            field += length
            const parse = byColumn[i]
            value = parse ? parse(raw, fields[i]!.dataTypeID) : raw
          }
          if (asObjects) row[fields[i]!.name] = value
          else values.push(value)
        }
        rows.push(asObjects ? row : values)
      } else if (code === COMMAND_COMPLETE) {
        tag = output.toString('utf8', at + 5, end - 1)
      } else if (code === ERROR) {
        parsed(output.subarray(at, end))
      }
      at = end
    }
    if (tag === undefined) return { rows: [], fields: [], affectedRows: 0 } as Results
    const words = tag.split(' ')
    const command = words[0]!
    const count = parseInt(words[words.length - 1]!, 10)
    const affects = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command)
    return {
      rows,
      fields,
      command,
      affectedRows: affects ? count : 0,
      ...(Number.isNaN(count) ? {} : { rowCount: count }),
    } as Results
  }

  const prepared = async <T>(
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> => {
    const values = params ?? []
    const call = () =>
      pglite._runExclusiveQuery(async () => {
        try {
          return (await run(text, values, options)) as Results<T>
        } catch (error) {
          throw failure(error, text, values, options)
        }
      })
    if (inTransaction) return call()
    await pglite._checkReady()
    const answer = await pglite._runExclusiveTransaction(call)
    await pglite.syncToFs()
    return answer
  }

  const ownQuery = client.query.bind(client)
  const ownExec = client.exec.bind(client)
  const ownTransaction = client.transaction.bind(client)
  /** A text that goes PGlite's own way; one that may change statements forgets them all once it has run. */
  const passed = async <R>(text: string, run: () => Promise<R>): Promise<R> => {
    try {
      return await run()
    } finally {
      if (!HARMLESS.test(text)) forget()
    }
  }

  /**
   * Once someone listens for notifications, every call goes PGlite's own way: its answer handler, bypassed
   * on the prepared path, is what hands a notification to the listeners.
   */
  let listening = false
  const preparable = (text: string, options: unknown): options is QueryOptions | undefined =>
    !listening && PREPARABLE.test(text) && usualOptions(options)
  const ownListen = client.listen.bind(client)
  const ownOnNotification = client.onNotification.bind(client)

  Object.assign(client, {
    listen: (...args: Parameters<PGlite['listen']>) => {
      listening = true
      return ownListen(...args)
    },
    onNotification: (...args: Parameters<PGlite['onNotification']>) => {
      listening = true
      return ownOnNotification(...args)
    },
    query: <T>(text: string, params?: unknown[], options?: unknown) =>
      preparable(text, options)
        ? prepared<T>(text, params, options, false)
        : passed(text, () => ownQuery<T>(text, params, options as never)),
    exec: (text: string, options?: unknown) => passed(text, () => ownExec(text, options as never)),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      ownTransaction((tx) => {
        const ownTxQuery = tx.query.bind(tx)
        const ownTxExec = tx.exec.bind(tx)
        Object.assign(tx, {
          query: <R>(text: string, params?: unknown[], options?: unknown) => {
            if (tx.closed) return ownTxQuery<R>(text, params, options as never)
            return preparable(text, options)
              ? prepared<R>(text, params, options, true)
              : passed(text, () => ownTxQuery<R>(text, params, options as never))
          },
          exec: (text: string, options?: unknown) => passed(text, () => ownTxExec(text, options as never)),
        })
        return callback(tx)
      }),
  })

  return {
    get size() {
      return statements.size
    },
    forget,
  }
}
