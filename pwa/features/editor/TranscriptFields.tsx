import { useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { isTimed, parseTranscript, TranscriptFormatError, type Chapter, type TranscriptCue } from '../../../contracts/transcripts';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { formatClock } from '../../lib/format';

/** What the form holds for the transcript: undefined leaves the saved one, null removes it, text replaces it. */
export type TranscriptValue = string | null | undefined;

const TRANSCRIPT_FILES = ['.vtt', '.srt', '.txt', 'text/vtt', 'text/plain', 'application/x-subrip'];

/** "12 timed cues (WebVTT or SRT)" / "3 paragraphs, no times", or what is wrong with the text. */
function describe(cues: readonly TranscriptCue[]): string {
  if (!cues.length) return 'No transcript';
  const n = cues.length;
  return isTimed(cues) ? `${n} timed ${n === 1 ? 'cue' : 'cues'}` : `${n} ${n === 1 ? 'paragraph' : 'paragraphs'} of text, no times`;
}

function summary(value: TranscriptValue, saved: readonly TranscriptCue[] | null | undefined): string {
  if (value === null) return 'The transcript will be removed when you save.';
  if (value === undefined || value.trim() === '') return saved?.length ? `Saved transcript: ${describe(saved)}.` : 'No transcript yet.';
  try {
    return `New transcript: ${describe(parseTranscript(value))}.`;
  } catch (err) {
    if (err instanceof TranscriptFormatError) return `This transcript cannot be read: ${err.message}`;
    throw err;
  }
}

export interface TranscriptFieldProps {
  value: TranscriptValue;
  onChange: (value: TranscriptValue) => void;
  /** The episode's saved cues (GET /api/podcasts/{id}), when it has some. */
  saved: readonly TranscriptCue[] | null | undefined;
  errorMessage?: string;
  isDisabled?: boolean;
}

/**
 * "Transcript": upload a WebVTT, SRT or text file (read here, as text) or paste text; says how many
 * cues it makes and whether they are timed, with the same parser the server uses; Remove.
 */
export function TranscriptField({ value, onChange, saved, errorMessage, isDisabled }: TranscriptFieldProps) {
  const [fileName, setFileName] = useState<string | null>(null);
  const hasSome = value === undefined ? Boolean(saved?.length) : value !== null && value.trim() !== '';
  return (
    <fieldset className="editor-fieldset transcript-field">
      <legend>Transcript</legend>
      <p className="field__description" aria-live="polite" data-testid="transcript-summary">
        {summary(value, saved)}
      </p>
      <div className="form__actions">
        <FileTrigger
          acceptedFileTypes={TRANSCRIPT_FILES}
          onSelect={(files) => {
            const file = files?.[0];
            if (!file) return;
            setFileName(file.name);
            void file.text().then(onChange);
          }}
        >
          <Button variant="secondary" isDisabled={isDisabled}>
            Upload transcript file
          </Button>
        </FileTrigger>
        {hasSome ? (
          <Button
            variant="ghost"
            isDisabled={isDisabled}
            onPress={() => {
              setFileName(null);
              onChange(null);
            }}
          >
            Remove transcript
          </Button>
        ) : null}
      </div>
      {fileName ? <p className="field__description">File: {fileName}</p> : null}
      <TextField
        label="Transcript text"
        name="transcript"
        description="WebVTT, SRT or plain text (one paragraph per cue). Uploading a file puts its text here."
        multiline
        rows={6}
        value={value ?? ''}
        onChange={(text) => onChange(text === '' && value === undefined ? undefined : text)}
        errorMessage={errorMessage}
        isInvalid={Boolean(errorMessage)}
        isDisabled={isDisabled}
      />
    </fieldset>
  );
}

/** A chapter as the form holds it: its start as typed (MM:SS) and its title. */
export interface ChapterRow {
  start: string;
  title: string;
}

export const chapterRows = (chapters: readonly Chapter[] | undefined): ChapterRow[] => (chapters ?? []).map((c) => ({ start: formatClock(c.start), title: c.title }));
