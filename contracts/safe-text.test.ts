import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as admin from './admin';
import * as auth from './auth';
import * as common from './common';
import * as community from './community';
import * as forums from './forums';
import * as news from './news';
import * as podcasts from './podcasts';
import * as resources from './resources';
import * as search from './search';
import * as uploads from './uploads';
import * as users from './users';
import { CONTROL_CHARACTER_MESSAGE, INVALID_UNICODE_MESSAGE, SINGLE_LINE_MESSAGE, singleLineProblem, textProblem } from './text';

describe('the text rule', () => {
  it('accepts tab, line feed, carriage return, DEL, emoji and other scripts', () => {
    for (const ok of ['', 'plain', 'a\tb', 'line\nbreak', 'windows\r\nline', 'del\u007f', 'c1\u0085', 'Ω≈ç√ 🧾💸 𝔘𝔫𝔦', '\u202eevil', '\ufeffbom']) {
      expect(textProblem(ok), JSON.stringify(ok)).toBeUndefined();
    }
  });

  it('refuses NUL and every other C0 control character', () => {
    for (let code = 0; code < 0x20; code++) {
      if (code === 0x09 || code === 0x0a || code === 0x0d) continue;
      expect(textProblem(`a${String.fromCharCode(code)}b`), `U+${code.toString(16)}`).toBe(CONTROL_CHARACTER_MESSAGE);
    }
  });

  it('refuses lone surrogates and the noncharacters U+FFFE and U+FFFF, not surrogate pairs', () => {
    for (const bad of ['\ud800', 'a\udbffb', '\udc00', 'x\udfff', '\ude00\ud83d', '\ufffe', '\uffff']) {
      expect(textProblem(bad), JSON.stringify(bad)).toBe(INVALID_UNICODE_MESSAGE);
    }
    expect(textProblem('\ud83d\ude00')).toBeUndefined();
  });
});

describe('the one-line rule', () => {
  it('refuses line breaks and tabs on top of the text rule', () => {
    for (const bad of ['a\nb', 'a\r\nb', 'a\rb', 'a\tb', 'trailing\n', 'a\u2028b', 'a\u2029b', 'a\u0085b']) {
      expect(singleLineProblem(bad), JSON.stringify(bad)).toBe(SINGLE_LINE_MESSAGE);
    }
    expect(singleLineProblem('a\u0000b')).toBe(CONTROL_CHARACTER_MESSAGE);
    for (const ok of ['Maya Patel', 'Ω≈ç 🧾', "O'Brien-Smith", '']) expect(singleLineProblem(ok), ok).toBeUndefined();
  });

  const CRLF = 'Eve\r\nBcc: x@example.com';
  const categoryIds = ['0193a3a0-0000-7000-8000-000000000000'];
  it.each([
    ['auth.RegisterInput firstName', auth.RegisterInput, { email: 'a@b.co', password: 'Quiet-harbour-lamp-42', firstName: CRLF, lastName: 'X' }, 'firstName'],
    ['auth.RegisterInput lastName', auth.RegisterInput, { email: 'a@b.co', password: 'Quiet-harbour-lamp-42', firstName: 'E', lastName: 'X\n' }, 'lastName'],
    ['auth.InvitationAcceptInput firstName', auth.InvitationAcceptInput, { password: 'Quiet-harbour-lamp-42', firstName: 'A\tB', lastName: 'X' }, 'firstName'],
    ['users.UserCreateInput lastName', users.UserCreateInput, { email: 'a@b.co', password: 'Quiet-harbour-lamp-42', firstName: 'A', lastName: CRLF }, 'lastName'],
    ['users.UserUpdateInput title', users.UserUpdateInput, { title: 'CFO\nCEO' }, 'title'],
    ['users.UserUpdateInput company', users.UserUpdateInput, { company: 'Acme\r\n' }, 'company'],
    ['news.ArticleCreateInput title', news.ArticleCreateInput, { title: CRLF, content: 'Body', categoryIds }, 'title'],
    ['news.ArticleCreateInput sourceName', news.ArticleCreateInput, { title: 'T', content: 'Body', categoryIds, sourceName: 'A\nB' }, 'sourceName'],
    ['podcasts.PodcastCreateInput title', podcasts.PodcastCreateInput, { title: 'Ep\n1', categoryIds }, 'title'],
    ['podcasts.PodcastCreateInput guestName', podcasts.PodcastCreateInput, { title: 'Ep', categoryIds, guestName: 'A\rB' }, 'guestName'],
    ['forums.DiscussionCreateInput title', forums.DiscussionCreateInput, { title: 'Q\n', content: 'C', categoryId: categoryIds[0] }, 'title'],
    ['resources.ResourceCreateInput title', resources.ResourceCreateInput, { title: 'R\n', type: 'ebook', category: 'taxation' }, 'title'],
    ['admin.NewsCategoryCreateInput name', admin.NewsCategoryCreateInput, { name: 'C\nD', slug: 'c-d' }, 'name'],
  ] as const)('%s refuses a line break with the one-line message', (_name, schema, input, field) => {
    const result = (schema as unknown as z.ZodType).safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[field, SINGLE_LINE_MESSAGE]]);
  });

  it.each([
    ['news.ArticleCreateInput content', news.ArticleCreateInput, { title: 'T', content: 'Line 1\r\nLine 2', categoryIds }],
    ['news.ArticleCreateInput excerpt', news.ArticleCreateInput, { title: 'T', content: 'C', excerpt: 'a\nb', categoryIds }],
    ['users.UserUpdateInput bio', users.UserUpdateInput, { bio: 'a\r\nb' }],
    ['podcasts.PodcastCreateInput description', podcasts.PodcastCreateInput, { title: 'Ep', categoryIds, description: 'a\nb' }],
    ['resources.ResourceCreateInput description', resources.ResourceCreateInput, { title: 'R', type: 'ebook', category: 'taxation', description: 'a\nb' }],
    ['forums.DiscussionCreateInput content', forums.DiscussionCreateInput, { title: 'Q', content: 'a\nb', categoryId: categoryIds[0] }],
  ] as const)('%s keeps its line breaks', (_name, schema, input) => {
    expect((schema as unknown as z.ZodType).safeParse(input).success).toBe(true);
  });
});

/*
 * Every request schema (exports named …Input, …Query or …Param) is walked down to its string
 * leaves; each one must refuse hostile text, free-text ones with the rule's own message. A new
 * field written as a bare `z.string()` instead of `safeText()` fails here.
 */
type Schema = z.ZodType & { _zod: { def: Record<string, any> } };

function stringLeaves(schema: Schema, path: string, out: Array<{ path: string; schema: Schema }>, seen = new Set<Schema>()): void {
  if (seen.has(schema)) return;
  seen.add(schema);
  const def = schema._zod.def;
  const walk = (child: Schema, suffix: string) => stringLeaves(child, `${path}${suffix}`, out, seen);
  switch (def.type) {
    case 'string':
      out.push({ path, schema });
      return;
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, Schema>)) walk(child, `.${key}`);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return walk(def.innerType, '');
    case 'pipe':
      walk(def.in, '');
      return walk(def.out, '');
    case 'union':
      return (def.options as Schema[]).forEach((o, i) => walk(o, `|${i}`));
    case 'array':
      return walk(def.element, '[]');
    case 'tuple':
      return (def.items as Schema[]).forEach((o, i) => walk(o, `[${i}]`));
    case 'record':
      walk(def.keyType, '{key}');
      return walk(def.valueType, '{value}');
    case 'transform':
    case 'number':
    case 'boolean':
    case 'null':
    case 'undefined':
    case 'literal':
    case 'enum':
      return;
    default:
      throw new Error(`${path}: no rule for a ${def.type} schema in a request; teach this walker what it holds`);
  }
}

const modules = { admin, auth, common, community, forums, news, podcasts, resources, search, uploads, users };
const requestSchemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports as Record<string, unknown>)
    .filter(([name, value]) => /(Input|Query|Param)$/.test(name) && typeof value === 'object' && value !== null && '_zod' in value)
    .map(([name, value]) => ({ name: `${file}.${name}`, schema: value as Schema })),
);

describe('every request schema applies the text rule', () => {
  it('finds the request schemas', () => {
    expect(requestSchemas.length).toBeGreaterThan(30);
  });

  it.each(requestSchemas)('$name: every string field refuses control characters and lone surrogates', ({ name, schema }) => {
    const leaves: Array<{ path: string; schema: Schema }> = [];
    stringLeaves(schema, name, leaves);
    for (const leaf of leaves) {
      // uuid, email and ISO date formats cannot match these anyway; free text must say why.
      const freeText = !leaf.schema._zod.def.format;
      for (const [hostile, message] of [
        ['a\u0000b', CONTROL_CHARACTER_MESSAGE],
        ['a\u001fb', CONTROL_CHARACTER_MESSAGE],
        ['a\ud800b', INVALID_UNICODE_MESSAGE],
      ] as const) {
        const result = leaf.schema.safeParse(hostile);
        expect(result.success, `${leaf.path} accepted ${JSON.stringify(hostile)}`).toBe(false);
        if (freeText) expect(result.error!.issues.map((i) => i.message), leaf.path).toEqual([message]);
      }
    }
  });

  it('a refused field is reported under its own name with the rule message only', () => {
    const result = news.ArticleCreateInput.safeParse({ title: 'Fees\u0000', content: 'Body', categoryIds: ['0193a3a0-0000-7000-8000-000000000000'] });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['title', CONTROL_CHARACTER_MESSAGE]]);
  });
});
