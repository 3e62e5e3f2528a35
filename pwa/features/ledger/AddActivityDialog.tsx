import { useState } from 'react';
import { Form } from 'react-aria-components';
import { CpdEntryInput } from '../../../contracts/cpd';
import { Dialog, FormDialogActions } from '../../components/Dialog';
import { NumberField } from '../../components/NumberField';
import { TextField } from '../../components/TextField';
import { bind, bindWithError, saveThen, useEntityForm } from '../../lib/entityForm';
import { FileField } from '../content';
import { REFLECTION_QUESTIONS } from './EntryPanel';
import { useAddCpdEntry } from './mutations';
import { todayIso, uploadIdOf } from './logic';

/** An activity elsewhere (a course, a conference) with its certificate: it counts as the member says. */
export function AddActivityDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog title="Add an activity" isOpen={isOpen} onOpenChange={onOpenChange} size="lg">
      {(close) => <ActivityForm onDone={close} />}
    </Dialog>
  );
}

function ActivityForm({ onDone }: { onDone: () => void }) {
  const add = useAddCpdEntry();
  const [uploading, setUploading] = useState(false);
  const { form, formProps } = useEntityForm({
    defaultValues: {
      title: '',
      provider: '',
      date: todayIso(),
      minutes: 60,
      certificate: null as string | null,
      developmentNeed: '',
      learning: '',
      application: '',
    },
    schema: CpdEntryInput,
    toInput: ({ certificate, ...values }) => ({ ...values, certificateUploadId: uploadIdOf(certificate) }),
    errorField: (name) => (name === 'certificateUploadId' ? 'certificate' : name),
    ...saveThen(add, onDone),
    isHeld: add.isPending || uploading,
  });
  return (
    <Form {...formProps} className="form">
      <form.Field name="title">{(field) => <TextField label="Title" {...bind(field)} isRequired />}</form.Field>
      <form.Field name="provider">
        {(field) => <TextField label="Provider" description="Who ran it: an institute, a firm, a university." {...bind(field)} isRequired />}
      </form.Field>
      <div className="form__row">
        <form.Field name="date">{(field) => <TextField label="Date" type="date" {...bind(field)} isRequired />}</form.Field>
        <form.Field name="minutes">
          {(field) => <NumberField label="Minutes" minValue={1} maxValue={6000} step={1} {...bind(field)} isRequired />}
        </form.Field>
      </div>
      <form.Field name="certificate">
        {(field) => (
          <FileField
            label="Certificate"
            kind="image"
            description="A photo or scan of the certificate (JPEG, PNG, WebP)."
            {...bindWithError(field)}
            onUploadingChange={setUploading}
          />
        )}
      </form.Field>
      <form.Field name="developmentNeed">{(field) => <TextField label={REFLECTION_QUESTIONS.developmentNeed} {...bind(field)} multiline rows={2} />}</form.Field>
      <form.Field name="learning">{(field) => <TextField label={REFLECTION_QUESTIONS.learning} {...bind(field)} multiline rows={2} />}</form.Field>
      <form.Field name="application">{(field) => <TextField label={REFLECTION_QUESTIONS.application} {...bind(field)} multiline rows={2} />}</form.Field>
      <FormDialogActions onCancel={onDone} isPending={add.isPending} isDisabled={uploading}>
        {add.isPending ? 'Adding...' : 'Add activity'}
      </FormDialogActions>
    </Form>
  );
}
