import type Koa from 'koa';
import type { z } from 'zod';
import { badRequest, notFound, type FieldErrors } from '../errors';
import { Id } from '../../contracts/common';

/** zod issues → `{field: [messages]}`; the first message becomes the top-level message. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  // No prototype: a field named 'constructor', 'toString' or '__proto__' is a field like any other.
  const out: FieldErrors = Object.create(null);
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    throw badRequest(result.error.issues[0]?.message ?? 'Invalid request', errors);
  }
  return result.data;
}

/**
 * A middleware that reads the validated body (or query) from `ctx.state`. @koa/router gives every
 * middleware of one route the same state type, so a route's `validateBody(Schema)` types
 * `ctx.state.body` in the handlers after it: no casts.
 */
export type WithBody<B> = Koa.Middleware<Koa.DefaultState & { body: B }>;
export type WithQuery<Q> = Koa.Middleware<Koa.DefaultState & { query: Q }>;

/** Validates the JSON body into `ctx.state.body`. A missing body is validated as `{}`. */
export function validateBody<S extends z.ZodType>(schema: S): WithBody<z.output<S>> {
  return async (ctx, next) => {
    const raw = (ctx.request as { body?: unknown }).body;
    const body = raw === undefined || raw === null || (typeof raw === 'object' && !Object.keys(raw).length && !Array.isArray(raw)) ? {} : raw;
    if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('Request body must be a JSON object');
    ctx.state.body = parseOrThrow(schema, body);
    await next();
  };
}

/** Validates the query string into `ctx.state.query`. */
export function validateQuery<S extends z.ZodType>(schema: S): WithQuery<z.output<S>> {
  return async (ctx, next) => {
    ctx.state.query = parseOrThrow(schema, ctx.query);
    await next();
  };
}

/** A path id that is not a UUID cannot name anything: 404 rather than a database type error. */
export function parseId(value: string | undefined, what = 'Not found'): string {
  const r = Id.safeParse(value);
  if (!r.success) throw notFound(what);
  return r.data;
}
