import { describe, expect, it } from 'vitest';
import { PodcastPatchInput } from './podcasts';
import { isTimed, parseTranscript, toWebVtt, TRANSCRIPT_MAX_CHARS, TranscriptFormatError } from './transcripts';

describe('parseTranscript', () => {
  it('reads WebVTT: header, NOTE, STYLE, cue ids, settings, tags and entities', () => {
    const vtt = [
      '\uFEFFWEBVTT - Episode 1',
      'Kind: captions',
      'Language: en',
      '',
      'STYLE',
      '::cue { color: yellow }',
      '',
      'NOTE a note',
      'spanning two lines',
      '',
      'intro',
      '00:00.000 --> 00:03.200 align:start position:10%',
      '<v Ann Lee>Welcome to <i>the</i> show.',
      '',
      '2',
      '00:00:03.200 --> 00:01:05.5',
      'Profit &amp; loss, line one',
      'and line two <00:00:04.000>timed',
      '',
      '01:00:00.000 --> 01:00:02.000',
      'An hour in.',
      '',
    ].join('\r\n');
    expect(parseTranscript(vtt)).toEqual([
      { start: 0, end: 3.2, text: 'Ann Lee: Welcome to the show.' },
      { start: 3.2, end: 65.5, text: 'Profit & loss, line one and line two timed' },
      { start: 3600, end: 3602, text: 'An hour in.' },
    ]);
  });

  it('reads SRT with comma milliseconds and sequence numbers', () => {
    const srt = '1\n00:00:01,000 --> 00:00:04,250\nFirst line\nsecond line\n\n2\n00:00:05,000 --> 00:00:07,000\n<font color="red">Second</font>\n';
    const cues = parseTranscript(srt);
    expect(cues).toEqual([
      { start: 1, end: 4.25, text: 'First line second line' },
      { start: 5, end: 7, text: 'Second' },
    ]);
    expect(isTimed(cues)).toBe(true);
  });

  it('reads plain text as one cue per paragraph with no times', () => {
    const cues = parseTranscript('  Hello there.\nStill the first paragraph.\n\n\nSecond one --> with an arrow later.\n');
    expect(cues).toEqual([
      { start: null, end: null, text: 'Hello there.\nStill the first paragraph.' },
      { start: null, end: null, text: 'Second one --> with an arrow later.' },
    ]);
    expect(isTimed(cues)).toBe(false);
    expect(parseTranscript(' \n\n ')).toEqual([]);
  });

  it('refuses a malformed timed file with the line at fault', () => {
    expect(() => parseTranscript('WEBVTT\n\n00:00:xx.000 --> 00:00:04.000\nHello')).toThrow(TranscriptFormatError);
    expect(() => parseTranscript('WEBVTT\n\n00:00:xx.000 --> 00:00:04.000\nHello')).toThrow('Line 3: "00:00:xx.000 --> 00:00:04.000" is not a cue timing');
    expect(() => parseTranscript('WEBVTT\n\nJust some words\nwith no timing')).toThrow('Line 3: a cue must start with its timing');
    expect(() => parseTranscript('WEBVTT\n\n00:05.000 --> 00:01.000\nBackwards')).toThrow('Line 3: the cue ends before it starts');
    expect(() => parseTranscript('1\n00:00:01 -> 00:00:04\nOne dash')).toThrow('Line 1: a cue must start with its timing');
    expect(() => parseTranscript('WEBVTT\n\nNOTE only a note')).toThrow('This WebVTT file has no cues with text');
  });

  it('writes timed cues back as WebVTT that reads the same', () => {
    const cues = [
      { start: 0, end: 3.2, text: 'A <b> & c' },
      { start: 3725.5, end: 3726, text: 'Later' },
    ];
    const vtt = toWebVtt(cues);
    expect(vtt).toBe('WEBVTT\n\n00:00:00.000 --> 00:00:03.200\nA &lt;b&gt; &amp; c\n\n01:02:05.500 --> 01:02:06.000\nLater\n');
    expect(parseTranscript(vtt)).toEqual(cues);
  });
});

describe('transcript and chapters inputs', () => {
  const errors = (body: unknown) => {
    const r = PodcastPatchInput.safeParse(body);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('turns a transcript into cues, blank or null into none, and refuses what it cannot read', () => {
    expect(PodcastPatchInput.parse({ transcript: 'WEBVTT\n\n00:01.000 --> 00:02.000\nHi' }).transcript).toEqual([{ start: 1, end: 2, text: 'Hi' }]);
    expect(PodcastPatchInput.parse({ transcript: '  ' }).transcript).toBeNull();
    expect(PodcastPatchInput.parse({ transcript: null }).transcript).toBeNull();
    expect(PodcastPatchInput.parse({}).transcript).toBeUndefined();
    expect(errors({ transcript: 'WEBVTT\n\nbad' })).toEqual({ transcript: expect.stringContaining('Line 3') });
    expect(errors({ transcript: 'x'.repeat(TRANSCRIPT_MAX_CHARS + 1) })).toEqual({ transcript: 'Transcript must be at most 300,000 characters' });
    expect(errors({ transcript: 42 })).toEqual({ transcript: 'Transcript must be WebVTT, SRT or plain text' });
    expect(errors({ transcript: [{ start: 0, end: 1, text: 'a' }, { start: null, end: null, text: 'b' }] })).toEqual({ transcript: 'Either every cue has a start time or none has' });
  });

  it('reads chapter starts as seconds, MM:SS or HH:MM:SS, refuses duplicates and bad rows by index', () => {
    expect(PodcastPatchInput.parse({ chapters: [{ start: '1:30', title: ' Two ' }, { start: 0, title: 'One' }, { start: '1:00:00', title: 'Three' }] }).chapters).toEqual([
      { start: 90, title: 'Two' },
      { start: 0, title: 'One' },
      { start: 3600, title: 'Three' },
    ]);
    expect(PodcastPatchInput.parse({ chapters: [] }).chapters).toBeNull();
    expect(errors({ chapters: [{ start: '0:00', title: 'A' }, { start: '1:5', title: '' }, { start: 90, title: 'Line\nbreak' }, { start: '1:30', title: 'D' }] })).toEqual({
      'chapters.1.start': 'Start must be a number of seconds, MM:SS or HH:MM:SS',
      'chapters.1.title': 'Title is required',
      'chapters.2.title': 'Must be on one line: no line breaks or tabs',
    });
    expect(errors({ chapters: [{ start: '0:00', title: 'A' }, { start: '1:30', title: 'B' }, { start: 90, title: 'C' }] })).toEqual({
      'chapters.2.start': 'Another chapter already starts at 1:30',
    });
    expect(errors({ chapters: [{ start: 0, title: 'x'.repeat(201) }] })).toEqual({ 'chapters.0.title': 'Title must be at most 200 characters' });
    expect(errors({ chapters: Array.from({ length: 101 }, (_, i) => ({ start: i, title: `C${i}` })) })).toEqual({ chapters: 'An episode may have at most 100 chapters' });
    expect(errors({ chapters: [{ start: '', title: 'A' }] })).toEqual({ 'chapters.0.start': 'Start is required' });
  });
});
