/**
 * A deliberately injectable call, so the suite proves its own sqlmap plumbing (arguments, JSON
 * markers, headers, reading the verdict) finds an injection when there is one: POST /lookup
 * with a JSON body whose `name` is pasted into SQL text. It only reads the catalogue of the
 * local PostgreSQL (`pg_class`) and listens on 127.0.0.1 for the length of one test.
 */
import { createServer } from 'node:http';
import pg from 'pg';
import { markedJson } from './calls.mjs';

const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export async function startCanary() {
  const pool = new pg.Pool({ connectionString: ADMIN_URL, max: 2 });
  const server = createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    try {
      const { name } = JSON.parse(text);
      // The flaw on purpose: the value is part of the SQL text.
      const { rows } = await pool.query(`SELECT count(*)::int AS n FROM pg_class WHERE relname = '${name}'`);
      const body = JSON.stringify({ found: rows[0].n > 0 });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(body);
    } catch {
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end('{"found":false}');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    target: {
      name: 'POST /lookup (canary)',
      method: 'POST',
      path: '/lookup',
      url: `${url}/lookup`,
      data: markedJson({ name: 'pg_class' }),
      headers: ['Content-Type: application/json'],
      tamper: [],
    },
    stop: async () => {
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}
