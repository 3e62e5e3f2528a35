import { describe, expect, it } from 'vitest';
import { mentionedIds, mentionMarkup, mentionsAsText, NotificationSettingsInput, resolveMentions, splitMentions } from './notifications';

const A = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const B = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c';

describe('mention syntax', () => {
  it('splits text and mentions in order, ids in lower case', () => {
    expect(splitMentions(`Hi @[Ada L](${A.toUpperCase()}), and @[Bo](${B})!`)).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'mention', name: 'Ada L', id: A },
      { kind: 'text', text: ', and ' },
      { kind: 'mention', name: 'Bo', id: B },
      { kind: 'text', text: '!' },
    ]);
  });

  it('reads only the exact form: plain @names, broken brackets and non-UUIDs stay text', () => {
    for (const text of ['@Ada', `@[Ada](${A.slice(0, -1)})`, `@[Ada]( ${A})`, `@[](${A})`, `@[Ad\na](${A})`, `[Ada](${A})`]) {
      expect(mentionedIds(text), text).toEqual([]);
    }
  });

  it('resolves names: a known id takes its own name, an unknown one becomes plain text', () => {
    const names = new Map([[A, 'Ada Lovelace']]);
    expect(resolveMentions(`@[Admin](${A}) meet @[Bo](${B}), plain @Cy`, names)).toBe(`@[Ada Lovelace](${A}) meet @Bo, plain @Cy`);
  });

  it('gives each id once, in order of first mention', () => {
    expect(mentionedIds(`@[B](${B}) @[A](${A}) @[B again](${B})`)).toEqual([B, A]);
  });

  it('writes markup the parser reads back, whatever the name holds', () => {
    const markup = mentionMarkup('Eve ]\r\n(x)', A);
    expect(mentionedIds(`say ${markup}`)).toEqual([A]);
    expect(mentionsAsText(`to ${mentionMarkup('Ada Lovelace', A)}.`)).toBe('to @Ada Lovelace.');
  });
});

describe('NotificationSettingsInput', () => {
  it('accepts known types with known channels only', () => {
    expect(NotificationSettingsInput.safeParse({ mention: 'email', article_comment: 'off' }).success).toBe(true);
    expect(NotificationSettingsInput.safeParse({ mention: 'sms' }).success).toBe(false);
    expect(NotificationSettingsInput.safeParse({ likes: 'email' }).success).toBe(false);
    expect(NotificationSettingsInput.safeParse({}).success).toBe(false);
  });
});
