/**
 * The approvals bench's HTTP side (bench/requisition-approvals.ts): calls to the commerce API, and the
 * approvers deciding at once. The approvers run in a worker thread of their own (`approveAllInWorker`), as
 * real approvers' browsers run elsewhere: their requests, answers and JSON take nothing of the thread the
 * API answers on.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'

/** The parts of the answers read here: a token grant's token, a list's total. */
type Body = { access_token?: string; info?: { total?: number } } | null

export type Answer = { status: number; errorKey: string | null; json: Body; text: string; ms: number }

export async function call(
  url: string,
  init: { method?: string; token?: string; json?: unknown; form?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {}
  if (init.token) headers['authentication-token'] = init.token
  let body: string | undefined
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(init.json)
  } else if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded'
    body = new URLSearchParams(init.form).toString()
  }
  const startedAt = performance.now()
  const response = await fetch(url, { method: init.method ?? 'GET', headers, body })
  const text = await response.text()
  const ms = performance.now() - startedAt
  let json: Body = null
  try {
    json = text ? (JSON.parse(text) as Body) : null
  } catch {
    json = null
  }
  return { status: response.status, errorKey: response.headers.get('error-key'), json, text, ms }
}

export function expectStatus(answer: Answer, status: number, what: string) {
  if (answer.status !== status)
    throw new Error(
      `${what}: expected ${status}, got ${answer.status} ${answer.errorKey ?? ''} ${answer.text.slice(0, 400)}`,
    )
  return answer
}

/** `requisitionUrl(id)`: the requisition's address in the API. */
export const decide = (requisitionUrl: string, token: string) =>
  call(requisitionUrl, {
    method: 'PATCH',
    token,
    json: { type: 'ApprovalStatusChange', statusCode: 'APPROVED' },
  })

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
  }
  return copy
}

export type Decision = { id: string; approver: string; status: number; errorKey: string | null; ms: number }

export type Run = {
  /** The requisitions' address with `{id}` for the id. */
  requisitionUrl: string
  approvers: { login: string; token: string }[]
  ids: string[]
  /** Each approver takes one of the first `page` requisitions still pending. */
  page: number
  timeoutMs: number
}

export type RunResult = { decisions: Decision[]; seconds: number; leftPending: number }

/** The approvers at once on the shared list of pending requisitions; every decision with its answer. */
async function approveAll({ requisitionUrl, approvers, ids, page, timeoutMs }: Run): Promise<RunResult> {
  const pending = shuffled(ids)
  const decisions: Decision[] = []
  const startedAt = performance.now()
  const deadline = startedAt + timeoutMs
  await Promise.all(
    approvers.map(async ({ login, token }) => {
      while (pending.length && performance.now() < deadline) {
        const id = pending[Math.floor(Math.random() * Math.min(page, pending.length))]!
        let decision: Decision
        try {
          const answer = await decide(requisitionUrl.replace('{id}', id), token)
          decision = { id, approver: login, status: answer.status, errorKey: answer.errorKey, ms: answer.ms }
        } catch (error) {
          decision = { id, approver: login, status: 0, errorKey: String(error), ms: NaN }
        }
        decisions.push(decision)
        // Decided (or failed: not tried again, the failure is reported): off everybody's list.
        const at = pending.indexOf(id)
        if (at >= 0) pending.splice(at, 1)
      }
    }),
  )
  return { decisions, seconds: (performance.now() - startedAt) / 1000, leftPending: pending.length }
}

/** `approveAll` in a worker thread (this module, loaded with tsx); resolves with what it reports. */
export function approveAllInWorker(run: Run): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    // A worker does not inherit tsx's loader: it imports this module through tsx's API.
    const here = JSON.stringify(import.meta.url)
    const worker = new Worker(`import('tsx/esm/api').then(({ tsImport }) => tsImport(${here}, ${here}))`, {
      eval: true,
      workerData: { approvalsRun: run },
    })
    let result: RunResult | undefined
    worker.once('message', (message: RunResult) => (result = message))
    worker.once('error', reject)
    worker.once('exit', (code) =>
      result ? resolve(result) : reject(new Error(`the approvers' worker ended (${code}) without a result`)),
    )
  })
}

if (!isMainThread && (workerData as { approvalsRun?: Run } | null)?.approvalsRun)
  void approveAll((workerData as { approvalsRun: Run }).approvalsRun).then((result) =>
    parentPort!.postMessage(result),
  )
