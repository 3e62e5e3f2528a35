import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';
import { badRequest } from '../../errors';

/*
 * New passwords must be hard to guess, not merely long (docs/security.md §15): zxcvbn estimates how
 * many guesses a password takes against common passwords, English words, names, keyboard patterns,
 * dates and the account's own details, and a score under 3 (fewer than 10^8 guesses) is refused.
 * Server side only: the dictionaries are megabytes and the rule must hold whatever the client is.
 * Signing in never runs it, so passwords set before the rule keep working.
 */

/** zxcvbn's score out of 4 that a new password needs. */
export const MIN_PASSWORD_SCORE = 3;
/** zxcvbn's matching grows quickly with length; anything this long is checked on its first part. */
const CHECKED_LENGTH = 100;

const zxcvbn = new ZxcvbnFactory({
  translations,
  graphs: adjacencyGraphs,
  dictionary: { ...commonDictionary, ...englishDictionary },
  // Levenshtein matching (near-misses of dictionary words) makes each check many times slower
  // for little gain: l33t and reversed words are still matched.
  useLevenshteinDistance: false,
  maxLength: CHECKED_LENGTH,
});

export const WEAK_PASSWORD_MESSAGE = 'This password is too easy to guess.';

/** What the account holder is known by: a password made of these is weak (e.g. "Maya-Patel"). */
export interface PasswordOwner {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

function userInputsOf(owner: PasswordOwner): string[] {
  const inputs = new Set<string>();
  const add = (v: string | null | undefined) => {
    const word = v?.trim().toLowerCase();
    if (word) inputs.add(word);
  };
  add(owner.firstName);
  add(owner.lastName);
  if (owner.firstName && owner.lastName) add(`${owner.firstName}${owner.lastName}`);
  if (owner.email) {
    add(owner.email);
    const [local, domain] = owner.email.split('@');
    add(local);
    for (const part of local.split(/[^a-z0-9]+/i)) add(part);
    add(domain?.split('.')[0]);
  }
  return [...inputs];
}

/** Why `password` is too weak (zxcvbn's warning and suggestions, as one sentence each), or undefined. */
export function passwordWeakness(password: string, owner: PasswordOwner = {}): string | undefined {
  const result = zxcvbn.check(password.slice(0, CHECKED_LENGTH), userInputsOf(owner));
  if (result.score >= MIN_PASSWORD_SCORE) return undefined;
  const parts = [result.feedback.warning, ...result.feedback.suggestions].filter((s): s is string => Boolean(s));
  const advice = parts.length ? parts : ['Add more words that are less common.'];
  return [WEAK_PASSWORD_MESSAGE, ...advice].join(' ');
}

/** Refuses a weak new password with 400 and the reason under `field` (the form shows it there). */
export function assertStrongPassword(password: string, owner: PasswordOwner, field = 'password'): void {
  const weakness = passwordWeakness(password, owner);
  if (weakness) throw badRequest(weakness, { [field]: [weakness] });
}
