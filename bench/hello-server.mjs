// The ceiling: the fastest page this machine serves with Node, a constant "hello" from node:http. With
// BODY_FILE it answers that file's bytes instead, from one buffer: what the load client can take of a page
// of that size and content (bench/run.ts, ADR 0060).
import { readFileSync } from 'node:fs'
import http from 'node:http'

const body = process.env.BODY_FILE
  ? readFileSync(process.env.BODY_FILE)
  : Buffer.from('<!doctype html><title>hello</title><p>hello')
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length })
    res.end(body)
  })
  .listen(Number(process.env.PORT ?? 3901), '127.0.0.1')
