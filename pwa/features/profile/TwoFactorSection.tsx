import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Form } from 'react-aria-components';
import { z } from 'zod';
import { TWO_FACTOR, TwoFactorEnableInput, type TwoFactorSetup } from '../../../contracts/two-factor';
import { serverMessage } from '../../lib/errors';
import { twoFactorQueries } from '../../api/two-factor';
import { Button, buttonClassName } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Skeleton } from '../../components/Skeleton';
import { TextField } from '../../components/TextField';
import { toast } from '../../components/Toast';
import { bind, useEntityForm } from '../../lib/entityForm';
import { useDisableTwoFactor, useEnableTwoFactor, useRegenerateRecoveryCodes, useStartTwoFactorSetup } from './twoFactorMutations';
import { ProfileCard } from './ProfileCard';

/**
 * "Two-step sign-in" (docs/security.md §14): set it up with an authenticator app (a QR code, or
 * its setup key typed in), confirm with the first code, and keep the ten recovery codes shown
 * once; later, new recovery codes or turning it off, each with the current password.
 */
export function TwoFactorSection({ email, online }: { email: string; online: boolean }) {
  const status = useQuery(twoFactorQueries.status());
  const start = useStartTwoFactorSetup();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  let body;
  if (recoveryCodes) body = <RecoveryCodesPanel codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  else if (setup)
    body = (
      <SetupPanel
        setup={setup}
        online={online}
        onCancel={() => setSetup(null)}
        onEnabled={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
        }}
      />
    );
  else if (status.isPending) body = <Skeleton shape="rect" height="4rem" />;
  else if (status.isError) body = <p className="profile-card__intro">{serverMessage(status.error, 'The state of two-step sign-in could not be loaded.')}</p>;
  else if (status.data.enabled)
    body = <EnabledPanel email={email} online={online} codesLeft={status.data.recoveryCodesLeft} onNewCodes={setRecoveryCodes} />;
  else
    body = (
      <>
        <p className="profile-card__intro">
          Off. Turn it on and signing in asks for your password and a 6-digit code from an authenticator app on your phone (such as Google
          Authenticator, Microsoft Authenticator, 1Password or Authy), so a stolen password alone cannot open your account.
        </p>
        <div className="profile-card__actions">
          <Button isPending={start.isPending} isDisabled={!online} onPress={() => start.mutate(undefined, { onSuccess: setSetup })}>
            {start.isPending ? 'Starting...' : 'Set up two-step sign-in'}
          </Button>
          {online ? null : <span className="profile-card__hint">Setting it up needs a connection.</span>}
        </div>
      </>
    );

  return (
    <ProfileCard id="profile-two-factor-title" title="Two-step sign-in">
      {body}
    </ProfileCard>
  );
}

/** Groups of four, as authenticator apps show keys: easier to type without losing one's place. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

function SetupPanel({ setup, online, onCancel, onEnabled }: { setup: TwoFactorSetup; online: boolean; onCancel: () => void; onEnabled: (codes: string[]) => void }) {
  const enable = useEnableTwoFactor();
  const { form, formProps, isSubmitting } = useEntityForm({
    defaultValues: { code: '' },
    schema: TwoFactorEnableInput,
    onSubmit: async (input) => onEnabled((await enable.mutateAsync(input.code)).recoveryCodes),
  });
  return (
    <div className="two-factor-setup">
      <ol className="two-factor-setup__steps">
        <li>
          <p>Scan this QR code with your authenticator app.</p>
          <img className="two-factor-setup__qr" src={setup.qrCode} alt="QR code to scan with your authenticator app" width={200} height={200} />
          <p className="profile-card__intro">
            Can't scan it? Add an account in the app by hand and enter this setup key (time-based):
          </p>
          <code className="two-factor-setup__key" aria-label="Setup key">
            {grouped(setup.secret)}
          </code>
        </li>
        <li>
          <p>Enter the 6-digit code the app now shows for this site.</p>
          <Form className="form" {...formProps}>
            <form.Field name="code">
              {(field) => <TextField {...bind(field)} label="6-digit code" inputMode="numeric" autoComplete="one-time-code" isRequired />}
            </form.Field>
            <div className="profile-card__actions">
              <Button type="submit" isPending={isSubmitting} isDisabled={!online}>
                {isSubmitting ? 'Turning on...' : 'Turn on two-step sign-in'}
              </Button>
              <Button variant="secondary" onPress={onCancel} isDisabled={isSubmitting}>
                Cancel
              </Button>
            </div>
          </Form>
        </li>
      </ol>
      <p className="profile-card__note">Turning it on signs you out on every other device.</p>
    </div>
  );
}

/** The recovery codes, shown once: copy them, download them, or write them down. */
function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Recovery codes for two-step sign-in. Each one signs you in once.\n\n${codes.join('\n')}\n`;
  const download = useMemo(() => URL.createObjectURL(new Blob([text], { type: 'text/plain' })), [text]);
  useEffect(() => () => URL.revokeObjectURL(download), [download]);
  return (
    <div className="two-factor-codes">
      <h3 className="two-factor-codes__title">Save your recovery codes</h3>
      <p className="profile-card__intro">
        If you lose your phone, each of these codes signs you in once instead of a code from the app. Keep them somewhere safe, such as a
        password manager. They are not shown again.
      </p>
      <ul className="two-factor-codes__list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="profile-card__actions">
        <Button
          variant="secondary"
          onPress={() =>
            void navigator.clipboard.writeText(text).then(
              () => toast({ title: 'Recovery codes copied' }),
              () => toast({ title: 'Copying failed', description: 'Select the codes and copy them, or download them.', variant: 'destructive' }),
            )
          }
        >
          Copy codes
        </Button>
        <a className={buttonClassName({ variant: 'secondary' })} href={download} download="recovery-codes.txt">
          Download codes
        </a>
        <Button onPress={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

const PasswordInput = z.object({ password: z.string().min(1, 'Enter your current password') });

/** What each action of the enabled panel asks its password for. */
const PASSWORD_DIALOGS = {
  codes: {
    title: 'New recovery codes',
    description: 'Your current recovery codes stop working and ten new ones are shown.',
    actionLabel: 'Make new codes',
    pendingLabel: 'Making codes...',
  },
  off: {
    title: 'Turn off two-step sign-in',
    description: 'Signing in will ask for your password only, and your recovery codes stop working.',
    actionLabel: 'Turn off',
    pendingLabel: 'Turning off...',
    destructive: true,
  },
};

function EnabledPanel({ email, online, codesLeft, onNewCodes }: { email: string; online: boolean; codesLeft: number; onNewCodes: (codes: string[]) => void }) {
  const [dialog, setDialog] = useState<keyof typeof PASSWORD_DIALOGS | null>(null);
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  return (
    <>
      <p className="profile-card__intro">
        <strong>On.</strong> Signing in asks for a code from your authenticator app. {codesLeft} of {TWO_FACTOR.recoveryCodes} recovery codes left.
      </p>
      <div className="profile-card__actions">
        <Button variant="secondary" isDisabled={!online} onPress={() => setDialog('codes')}>
          New recovery codes
        </Button>
        <Button variant="destructive" isDisabled={!online} onPress={() => setDialog('off')}>
          Turn off two-step sign-in
        </Button>
      </div>
      {dialog ? (
        <PasswordDialog
          key={dialog}
          email={email}
          {...PASSWORD_DIALOGS[dialog]}
          onClose={() => setDialog(null)}
          onConfirm={async (password) => {
            if (dialog === 'codes') onNewCodes((await regenerate.mutateAsync({ password })).recoveryCodes);
            else await disable.mutateAsync({ password });
          }}
        />
      ) : null}
    </>
  );
}

function PasswordDialog(props: {
  email: string;
  title: string;
  description: string;
  actionLabel: string;
  pendingLabel: string;
  destructive?: boolean;
  onClose: () => void;
  onConfirm: (password: string) => Promise<void>;
}) {
  const { form, formProps, isSubmitting } = useEntityForm({
    defaultValues: { password: '' },
    schema: PasswordInput,
    onSubmit: async (input) => {
      await props.onConfirm(input.password);
      props.onClose();
    },
  });
  return (
    <Dialog
      title={props.title}
      size="sm"
      isOpen
      onOpenChange={(isOpen) => {
        if (!isOpen) props.onClose();
      }}
    >
      {(close) => (
        <Form className="form" {...formProps}>
          <p>{props.description}</p>
          {/* For password managers: which account this password belongs to. */}
          <input type="email" name="username" autoComplete="username" value={props.email} readOnly hidden />
          <form.Field name="password">
            {(field) => <TextField {...bind(field)} label="Current password" type="password" autoComplete="current-password" autoFocus isRequired />}
          </form.Field>
          <div className="dialog__actions">
            <Button variant="secondary" onPress={close} isDisabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" variant={props.destructive ? 'destructive' : 'primary'} isPending={isSubmitting}>
              {isSubmitting ? props.pendingLabel : props.actionLabel}
            </Button>
          </div>
        </Form>
      )}
    </Dialog>
  );
}
