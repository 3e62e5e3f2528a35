import { useForm, useStore } from '@tanstack/react-form';
import { useRef, type FormEvent } from 'react';
import type { Key } from 'react-aria-components';
import type { z } from 'zod';
import { serverFieldErrors } from './errors';
import { focusFirstInvalid, validateWith, type FieldErrors } from './formErrors';

export interface EntityFormOptions<V extends object, S extends z.ZodType> {
  defaultValues: V;
  /** The contract schema the server checks the same input with, so both sides say the same. */
  schema: S;
  /** Form values → the schema's input, where they differ (minutes → seconds, one choice → a list). */
  toInput?: (values: V) => z.input<S>;
  /** Where an error on a schema field shows when the form names that field differently. */
  errorField?: (schemaField: string, values: V) => string | undefined;
  /** Sends the parsed input; a rejection's field errors (spec 5's `errors`) show under the fields. */
  onSubmit: (data: z.output<S>, values: V) => Promise<unknown>;
  /** While set (an upload, a delete or a redirect in flight), submitting does nothing. */
  isHeld?: boolean;
}

type Meta = { errorMap: Record<string, unknown>; errorSourceMap: Record<string, unknown> };

/**
 * The one way the client's forms work: TanStack Form holds the values; on submit the
 * contract schema checks them, and its messages, or the server's field errors, go under the
 * fields they concern; focus moves to the first; editing a field clears its message. The caller
 * binds each field with `<form.Field name>` and `bind`, and spreads `formProps` on RAC's `Form`,
 * whose `validationErrors` show each message under the field of that name.
 */
export function useEntityForm<V extends object, S extends z.ZodType>(options: EntityFormOptions<V, S>) {
  const formRef = useRef<HTMLFormElement>(null);
  const { schema, toInput = (values: V) => values as z.input<S>, errorField = (name) => name } = options;
  const check = (values: V) => validateWith(schema, toInput(values));
  const byField = (errors: FieldErrors, values: V) => {
    const fields: Record<string, string[]> = {};
    for (const [name, messages] of Object.entries(errors)) {
      const target = errorField(name, values) ?? name;
      fields[target] = [...(fields[target] ?? []), ...messages];
    }
    return fields;
  };

  const form = useForm({
    defaultValues: options.defaultValues,
    validators: {
      onSubmit: ({ value }) => {
        const result = check(value);
        return result.ok ? undefined : { fields: byField(result.errors, value) };
      },
    },
    onSubmitInvalid: () => focusFirstInvalid(formRef.current),
    onSubmit: async ({ value }) => {
      const result = check(value);
      if (!result.ok) return;
      try {
        await options.onSubmit(result.data, value);
      } catch (error) {
        // The mutation reports the failure itself (a toast); the form marks the fields it names.
        for (const [name, messages] of Object.entries(byField(serverFieldErrors(error), value))) setSubmitError(name, messages);
        focusFirstInvalid(formRef.current);
      }
    },
  });

  // Set like the submit validator's own errors, so editing the field clears them the same way.
  const setSubmitError = (name: string, messages: string[] | undefined) =>
    form.setFieldMeta(name as never, ((prev: Meta) => ({
      ...prev,
      errorMap: { ...prev.errorMap, onSubmit: messages },
      errorSourceMap: { ...prev.errorSourceMap, onSubmit: messages ? 'form' : undefined },
    })) as never);

  const errors = useStore(form.store, (state) => fieldErrorsOf(state.fieldMeta as Record<string, { errors?: unknown[] }>));
  const isSubmitting = useStore(form.store, (state) => state.isSubmitting);

  const formProps = {
    ref: formRef,
    validationBehavior: 'aria' as const,
    validationErrors: errors,
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (!options.isHeld && !form.state.isSubmitting) void form.handleSubmit();
    },
  };
    /** Clears a field's message when another field's change makes it stale (a new show, its number). */
  const clearError = (name: string) => {
    if (errors[name]) setSubmitError(name, undefined);
  };
  return { form, formProps, errors, isSubmitting, clearError };
}

/** A create/edit form's submit button: 'Create Show' / 'Update Show', 'Creating...' / 'Updating...' while it saves. */
export function submitLabel(what: string, isNew: boolean, isSaving: boolean): string {
  if (isSaving) return isNew ? 'Creating...' : 'Updating...';
  return isNew ? `Create ${what}` : `Update ${what}`;
}

/** Each field's messages, as RAC `Form validationErrors` takes them. */
function fieldErrorsOf(fieldMeta: Record<string, { errors?: unknown[] }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, meta] of Object.entries(fieldMeta)) {
    const messages = (meta?.errors ?? []).flat().filter((m): m is string => typeof m === 'string' && m !== '');
    if (messages.length) errors[name] = [...new Set(messages)];
  }
  return errors;
}

/** A field's value and setter under the props RAC fields take (`name`, `value`, `onChange`). */
export function bind<T>(field: { name: string; state: { value: T }; handleChange: (value: T) => void }) {
  return { name: field.name, value: field.state.value, onChange: field.handleChange };
}

/**
 * `bind` for a `Select` whose options' ids are the field's values (a category id, a resource type):
 * RAC hands back a `Key`; the field holds the option's own type, or null while nothing is chosen.
 */
export function bindChoice<T extends string>(field: {
  name: string;
  state: { value: T | null };
  handleChange: (value: T | null) => void;
}) {
  // The key is one of the options' ids, which the caller built from values of T.
  return { ...bind(field), onChange: (key: Key | null) => field.handleChange(key === null ? null : (String(key) as T)) };
}

/**
 * `bind` for fields that do not read RAC's Form context (uploads, tag and category choices): they
 * take their message as `errorMessage`.
 */
export function bindWithError<T>(field: {
  name: string;
  state: { value: T; meta: { errors: unknown[] } };
  handleChange: (value: T) => void;
}) {
  const message = field.state.meta.errors.flat().find((m): m is string => typeof m === 'string' && m !== '');
  return { value: field.state.value, onChange: field.handleChange, errorMessage: message };
}

/**
 * The usual dialog form's `onSubmit` and `isHeld`: send the input through the mutation, then close;
 * nothing more is submitted while it is in flight. `useEntityForm({ …, ...saveThen(save, onDone) })`.
 */
export function saveThen<I>(mutation: { mutateAsync: (input: I) => Promise<unknown>; isPending: boolean }, onDone: () => void) {
  return {
    onSubmit: async (input: I) => {
      await mutation.mutateAsync(input);
      onDone();
    },
    isHeld: mutation.isPending,
  };
}
