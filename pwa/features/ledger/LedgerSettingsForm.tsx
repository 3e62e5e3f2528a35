import { Form } from 'react-aria-components';
import { CPD_BODY_RULES, CpdSettingsInput, type CpdBody, type CpdSettings } from '../../../contracts/cpd';
import { FormActions } from '../../components/FormActions';
import { NumberField } from '../../components/NumberField';
import { Switch } from '../../components/Switch';
import { toast } from '../../components/Toast';
import { ChoiceField } from '../../lib/ChoiceField';
import { bind, useEntityForm } from '../../lib/entityForm';
import { useSaveCpdSettings } from './mutations';
import { BODY_OPTIONS, MONTH_OPTIONS } from './logic';

/** The member's body (its target and verifiable hours) and the month their CPD year starts. */
export function LedgerSettingsForm({ settings, offline }: { settings: CpdSettings; offline: boolean }) {
  const save = useSaveCpdSettings();
  const { form, formProps } = useEntityForm({
    defaultValues: {
      body: settings.body as CpdBody | null,
      yearStartMonth: String(settings.yearStartMonth) as string | null,
      targetHours: settings.targetHours,
      digestNudge: settings.digestNudge,
    },
    schema: CpdSettingsInput,
    toInput: (values) => ({
      body: values.body ?? 'other',
      yearStartMonth: Number(values.yearStartMonth),
      ...(values.body === 'other' ? { targetHours: values.targetHours } : {}),
      trackingPaused: settings.trackingPaused,
      digestNudge: values.digestNudge,
    }),
    onSubmit: async (input) => {
      await save.mutateAsync(input);
      toast({ title: 'Ledger settings saved', description: 'Your year and its target follow them.' });
    },
    isHeld: save.isPending,
  });
  return (
    <Form {...formProps} className="form ledger-settings">
      <div className="form__row">
        <form.Field name="body">
          {(field) => (
            <ChoiceField
              label="Professional body"
              options={BODY_OPTIONS}
              field={field}
              description={field.state.value && field.state.value !== 'other' ? bodyRule(field.state.value) : 'Set your own yearly target.'}
            />
          )}
        </form.Field>
        <form.Field name="yearStartMonth">{(field) => <ChoiceField label="CPD year starts in" options={MONTH_OPTIONS} field={field} />}</form.Field>
      </div>
      <form.Subscribe selector={(state) => state.values.body}>
        {(body) =>
          body === 'other' ? (
            <form.Field name="targetHours">
              {(field) => <NumberField label="Hours a year" minValue={1} maxValue={200} step={1} {...bind(field)} />}
            </form.Field>
          ) : null
        }
      </form.Subscribe>
      <form.Field name="digestNudge">
        {(field) => (
          <Switch isSelected={field.state.value} onChange={field.handleChange}>
            Near the year end, say in my digest how many hours are missing
          </Switch>
        )}
      </form.Field>
      <p className="ledger-muted">
        US CPE: the ledger is a self-study log; this site is not a registered sponsor and awards no formal CPE credit.
      </p>
      <FormActions isPending={save.isPending} isDisabled={offline}>
        Save settings
      </FormActions>
    </Form>
  );
}

function bodyRule(body: Exclude<CpdBody, 'other'>): string {
  const rule = CPD_BODY_RULES[body];
  return rule.verifiableHours === null
    ? `${rule.targetHours} hours a year.`
    : `${rule.targetHours} hours a year, ${rule.verifiableHours} of them verifiable.`;
}
