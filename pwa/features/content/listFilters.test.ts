import { describe, expect, it } from 'vitest';
import { regexes } from 'zod/v4/core';
import { parseCategoryParam, uuidPattern } from './listFilters';

describe('the categories parameter', () => {
  it('checks ids with the very pattern of the API (zod uuid), written out to keep zod out of the first chunk', () => {
    expect(uuidPattern.source).toBe(regexes.uuid().source);
    expect(uuidPattern.flags).toBe(regexes.uuid().flags);
  });

  it('keeps well-formed ids, sorted and once each', () => {
    const a = '01a2224f-103f-7789-8645-1a300d35ace9';
    const b = '01a2224f-1040-7307-bf47-a6a105a8fc68';
    expect(parseCategoryParam(`${b},junk,${a.toUpperCase()},${b}`)).toEqual([a, b]);
  });
});
