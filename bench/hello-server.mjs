// The ceiling: the fastest page this machine serves with Node, a constant "hello" from node:http.
import http from 'node:http'

const body = Buffer.from('<!doctype html><title>hello</title><p>hello')
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length })
    res.end(body)
  })
  .listen(Number(process.env.PORT ?? 3901), '127.0.0.1')
