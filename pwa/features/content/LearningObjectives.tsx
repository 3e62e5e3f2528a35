import { useId } from 'react';
import { objectiveLines } from '../../lib/objectives';
import './LearningObjectives.css';

/**
 * "Learning objectives" at the top of an article or episode, when its editor gave any: what the
 * reader or listener should take away, and what their CPD entry for it records.
 */
export function LearningObjectives({ text }: { text: string | null | undefined }) {
  const titleId = useId();
  const lines = objectiveLines(text);
  if (lines.length === 0) return null;
  return (
    <section className="learning-objectives" aria-labelledby={titleId}>
      <h2 id={titleId} className="learning-objectives__title">
        Learning objectives
      </h2>
      <ul>
        {lines.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
