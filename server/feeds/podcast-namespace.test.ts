import { XMLParser } from 'fast-xml-parser';
import { beforeAll, expect, it } from 'vitest';
import { v5 as uuidv5, validate as isUuid, version as uuidVersion } from 'uuid';
import { describeEachDb, type Agent } from '../test/harness';
import { signedIn } from '../test/agents';
import { createCategory, type CategoryFixture } from '../test/factories';
import { completedUpload } from '../test/uploads';
import { PODCAST_GUID_NAMESPACE, podcastGuid } from './build';

/*
 * The podcast feed's Podcasting 2.0 tags (https://podcastindex.org/namespace/1.0, docs/1.0.md),
 * checked against the namespace's rules: where each tag may appear, its required attributes and
 * their values, and that every URL it gives is absolute and answers 200 with the type it names.
 */
const NAMESPACE = 'https://podcastindex.org/namespace/1.0';
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['item', 'podcast:person', 'podcast:transcript', 'podcast:chapters', 'podcast:guid'].includes(name) });
/** The transcript types the namespace lists (transcripts/transcripts.md). */
const TRANSCRIPT_TYPES = ['text/plain', 'text/html', 'text/vtt', 'application/json', 'application/x-subrip', 'application/srt'];
/** Roles of the namespace's taxonomy (taxonomy.json) in the cast group this feed uses. */
const CAST_ROLES = ['host', 'co-host', 'guest', 'narrator', 'announcer', 'reporter'];

it('makes podcast:guid as the namespace does: its own two examples', () => {
  expect(PODCAST_GUID_NAMESPACE).toBe('ead4c236-bf58-58c6-a2c6-a6b28d128cb6');
  expect(podcastGuid('https://mp3s.nashownotes.com/pc20rss.xml')).toBe('917393e3-1b1e-5cef-ace4-edaa54e1f810');
  expect(podcastGuid('http://podnews.net/rss/')).toBe('9b024349-ccf0-5f69-a609-6b82873eab3c');
});

describeEachDb('podcast feed: Podcasting 2.0 namespace', (t) => {
  let anon: Agent;
  let editor: Agent;
  let cat: CategoryFixture;
  beforeAll(async () => {
    anon = t().agent();
    editor = (await signedIn(t().db, t().agent(), 'editor')).agent;
    cat = await createCategory(t().db);
  });

  const episode = async (body: Record<string, unknown>) => {
    const audio = await editor.put('/api/podcasts/audio', { audioURL: await completedUpload(editor, 'audio') });
    expect(audio.status, audio.text).toBe(200);
    const res = await editor.post('/api/podcasts', { categoryIds: [cat.id], audioUrl: audio.body.objectPath, ...body });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };

  it('declares the namespace and carries podcast:guid, podcast:transcript, podcast:chapters and podcast:person by its rules', async () => {
    const timed = await episode({
      title: 'Timed',
      hostName: 'Hana Host',
      guestName: 'Gil Guest',
      transcript: 'WEBVTT\n\n00:00.000 --> 00:00.500\nHello and welcome.',
      chapters: [{ start: 0, title: 'Welcome' }],
    });
    const pasted = await episode({ title: 'Pasted', hostName: 'Hana Host', transcript: 'Just a paragraph.' });
    const bare = await episode({ title: 'Bare' });

    const res = await anon.get('/podcasts/feed.xml');
    expect(res.status).toBe(200);
    const { rss } = parser.parse(res.text, true);
    expect(rss['@xmlns:podcast']).toBe(NAMESPACE);
    const channel = rss.channel;

    // <podcast:guid>: once, in <channel>, a UUIDv5 of the feed's URL without scheme or trailing slash.
    expect(channel['podcast:guid']).toHaveLength(1);
    const guid = channel['podcast:guid'][0];
    expect(isUuid(guid) && uuidVersion(guid)).toBe(5);
    expect(guid).toBe(uuidv5(`${t().url.replace(/^https?:\/\//, '')}/podcasts/feed.xml`, PODCAST_GUID_NAMESPACE));
    for (const tag of ['podcast:transcript', 'podcast:chapters', 'podcast:person']) expect(channel[tag], `${tag} in <channel>`).toBeUndefined();

    const items = new Map<string, any>(channel.item.map((i: any) => [i.guid['#text'], i]));
    const fetched = async (url: string, type: string) => {
      expect(url).toMatch(new RegExp(`^${t().url}/`));
      const file = await fetch(url);
      expect([url, file.status]).toEqual([url, 200]);
      expect(file.headers.get('content-type')?.split(';')[0]).toBe(type);
      return file.text();
    };

    // <podcast:transcript url type [language] [rel]>: the timed one as WebVTT captions, the pasted one as text.
    const [vtt] = items.get(timed)['podcast:transcript'];
    expect(vtt).toEqual({ '@url': `${t().url}/api/podcasts/${timed}/transcript.vtt`, '@type': 'text/vtt', '@language': 'en', '@rel': 'captions' });
    expect(await fetched(vtt['@url'], vtt['@type'])).toBe('WEBVTT\n\n00:00:00.000 --> 00:00:00.500\nHello and welcome.\n');
    const [text] = items.get(pasted)['podcast:transcript'];
    expect(text).toEqual({ '@url': `${t().url}/api/podcasts/${pasted}/transcript.txt`, '@type': 'text/plain', '@language': 'en' });
    expect(await fetched(text['@url'], text['@type'])).toBe('Just a paragraph.\n');
    for (const tag of [vtt, text]) expect(TRANSCRIPT_TYPES).toContain(tag['@type']);

    // <podcast:chapters url type>: at most one, JSON chapters (version and startTime/title per chapter).
    const chapters = items.get(timed)['podcast:chapters'];
    expect(chapters).toEqual([{ '@url': `${t().url}/api/podcasts/${timed}/chapters.json`, '@type': 'application/json+chapters' }]);
    const json = JSON.parse(await fetched(chapters[0]['@url'], 'application/json+chapters'));
    expect(json).toMatchObject({ version: '1.2.0', chapters: [{ startTime: 0, title: 'Welcome' }] });

    // <podcast:person role group>Name</…>: non-blank names of at most 128 characters, taxonomy roles.
    const people = items.get(timed)['podcast:person'];
    expect(people).toEqual([
      { '#text': 'Hana Host', '@role': 'host', '@group': 'cast' },
      { '#text': 'Gil Guest', '@role': 'guest', '@group': 'cast' },
    ]);
    for (const p of [...people, ...items.get(pasted)['podcast:person']]) {
      expect(p['#text'].trim().length).toBeGreaterThan(0);
      expect(p['#text'].length).toBeLessThanOrEqual(128);
      expect(CAST_ROLES).toContain(p['@role']);
    }

    // An episode with none of these has none of the tags.
    for (const tag of ['podcast:transcript', 'podcast:chapters', 'podcast:person']) expect(items.get(bare)[tag], tag).toBeUndefined();
    expect(items.get(pasted)['podcast:chapters']).toBeUndefined();
  });
});
