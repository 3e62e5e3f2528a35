/**
 * The ceiling: a bare Koa route answering a fixed JSON object, measured like the real endpoints.
 * No endpoint of the app can be faster on this machine; a ratio to it shows what the app adds.
 */
import http from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';

const BODY = { ok: true, message: 'Fixed response of the bench ceiling' };

const router = new Router();
router.get('/api/health', (ctx) => {
  ctx.body = { ok: true };
});
router.get('/api/ceiling', (ctx) => {
  ctx.body = BODY;
});

const app = new Koa();
app.use(router.routes());
http.createServer(app.callback()).listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
