import { describe, expect, it } from 'vitest';
import { pickShowcase } from './showcase';

const item = (id: string, isFeatured = false) => ({ id, isFeatured });

describe('pickShowcase (spec 2: featured first, then the newest, three in all)', () => {
  it('puts featured items first and fills the row with the newest others, each once', () => {
    // The featured list, then the newest list, which repeats a featured item.
    const featured = [item('f1', true)];
    const latest = [item('n1'), item('f1', true), item('n2'), item('n3')];
    expect(pickShowcase([...featured, ...latest]).map((i) => i.id)).toEqual(['f1', 'n1', 'n2']);
  });

  it('shows the first three when nothing is featured, and at most three featured', () => {
    expect(pickShowcase([item('a'), item('b'), item('c'), item('d')]).map((i) => i.id)).toEqual(['a', 'b', 'c']);
    const featured = ['f1', 'f2', 'f3', 'f4'].map((id) => item(id, true));
    expect(pickShowcase([...featured, item('n1')]).map((i) => i.id)).toEqual(['f1', 'f2', 'f3']);
    expect(pickShowcase([])).toEqual([]);
  });
});
