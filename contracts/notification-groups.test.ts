import { describe, expect, it } from 'vitest';
import { actorsPhrase } from './notification-groups';

const p = (firstName: string | null, lastName: string | null = 'Person') => ({ firstName, lastName });

describe("a group's actors, as the list and the digest name them", () => {
  it('one, two, three or more; first names, newest first', () => {
    expect(actorsPhrase([p('Maya')], 1)).toBe('Maya');
    expect(actorsPhrase([p('Maya'), p('Tom')], 2)).toBe('Maya and Tom');
    expect(actorsPhrase([p('Maya'), p('Tom'), p('Ada')], 3)).toBe('Maya and 2 others');
    expect(actorsPhrase([p('Maya'), p('Tom'), p('Ada')], 7)).toBe('Maya and 6 others');
  });

  it('a deleted account is "Someone"; no first name: the last', () => {
    expect(actorsPhrase([null, p('Tom')], 2)).toBe('Someone and Tom');
    expect(actorsPhrase([p(null, 'Lovelace')], 1)).toBe('Lovelace');
    expect(actorsPhrase([p('  ', null)], 1)).toBe('Someone');
  });
});
