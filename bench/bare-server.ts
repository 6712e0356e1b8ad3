// The yardstick for `npm run bench -- flows`: a bare node:http server doing the same JSON work as
// the benchmarked flow (read the JSON body, set two fields, answer the item), with nothing saved.
import { createServer } from 'node:http';

const port = Number(process.env.PORT ?? 3190);
createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => {
    body += chunk;
  });
  req.on('end', () => {
    const input = JSON.parse(body || '{}') as { name?: string; a?: number; b?: number };
    const item = {
      method: req.method,
      path: '/',
      headers: req.headers,
      query: {},
      body: input,
      greeting: `Hello ${input.name}`,
      total: (input.a ?? 0) + (input.b ?? 0),
    };
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(item));
  });
}).listen(port, '127.0.0.1', () => console.log(`bare server on ${port}`));
