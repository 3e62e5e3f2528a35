import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from './validate';

describe('fieldErrors', () => {
  it("keeps fields named after Object's own properties as fields (the fuzz found a 500 on 'constructor')", () => {
    const schema = z.object({ constructor: z.string(), toString: z.string(), title: z.string() });
    const result = schema.safeParse(JSON.parse('{"constructor": 1, "toString": 2, "title": 4}'));
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error!);
    expect(Object.keys(errors).sort()).toEqual(['constructor', 'title', 'toString']);
    expect(JSON.parse(JSON.stringify(errors)).constructor).toEqual([expect.any(String)]);
  });
});
