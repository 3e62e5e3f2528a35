import type { z } from 'zod';

/** Per-field messages as RAC `Form validationErrors` takes them (and `serverFieldErrors` returns). */
export type FieldErrors = Record<string, string[]>;

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/**
 * Checks form input with the contract schema the server uses, so the messages are the same on both
 * sides (spec 5). Each issue goes under the top-level field it concerns.
 */
export function validateWith<S extends z.ZodType>(schema: S, input: z.input<S>): Validation<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    const list = (errors[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return { ok: false, errors };
}

/** The first message for `field`, for components that take a single `errorMessage`. */
export function firstError(errors: FieldErrors, field: string): string | undefined {
  return errors[field]?.[0];
}

/**
 * After a refused submit: move focus to the first field marked invalid, once it has rendered. The
 * errors were just set, and React may commit them a frame or two later on a busy phone: looked for
 * on each frame, for up to ten.
 */
export function focusFirstInvalid(form: HTMLFormElement | null, framesLeft = 10): void {
  requestAnimationFrame(() => {
    const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid] input, [data-invalid] button');
    if (invalid) invalid.focus();
    else if (framesLeft > 1 && form?.isConnected) focusFirstInvalid(form, framesLeft - 1);
  });
}
