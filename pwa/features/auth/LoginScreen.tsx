import { Link, useRouter, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { Form } from 'react-aria-components';
import type { z } from 'zod';
import { LoginInput, RegisterInput, type User } from '../../../contracts/auth';
import { Button, LinkButton } from '../../components/Button';
import { Card } from '../../components/Card';
import { Tab, TabList, TabPanel, Tabs } from '../../components/Tabs';
import { TextField } from '../../components/TextField';
import { toast } from '../../components/Toast';
import { bind, useEntityForm } from '../../lib/entityForm';
import { useSiteName } from '../site';
import { useRegister, useSignIn } from './mutations';
import { landingAfterSignIn, SIGN_UP_LANDING } from './landing';
import { NewPasswordField } from './NewPasswordField';
import { TwoFactorStep } from './TwoFactorStep';
import { needsSecondStep } from '../../api/two-factor';
import './auth.css';

/** Sign-in and registration (spec 2 and 5): both end signed in, each where its day starts (landing.ts). */
export function LoginScreen() {
  const siteName = useSiteName();
  const router = useRouter();
  // Where the visitor was sent from (e.g. /profile), checked by the route (safeRedirect).
  const { redirect, step } = useSearch({ from: '/login' });
  const signIn = useSignIn();
  const register = useRegister();
  // After a right password for a member with two-step sign-in (or a reset link's new password).
  const [secondStep, setSecondStep] = useState(step === 'two-factor');

  // Signed in by then (the mutation records the user): greet, then go where their day starts
  // (landing.ts): where they were going, else the control panel for staff and home for members.
  const welcomeBack = async (user: User) => {
    toast({ title: 'Login Successful', description: `Welcome back to ${siteName}` });
    // A path with its own query and hash, checked by safeRedirect: the history takes it whole.
    router.history.push(landingAfterSignIn(user.role, redirect));
  };
  // A new account has never been here: no "Welcome back", and its first page is the welcome screen.
  // (The welcome route is declared by its own feature: the history takes the path as it is.)
  const welcomeNew = () => {
    toast({ title: 'Registration Successful', description: `Welcome to ${siteName} community!` });
    router.history.push(SIGN_UP_LANDING);
  };

  return (
    <div className="auth-page">
      <Card as="section" className="auth-card" aria-labelledby="auth-title">
        <div className="auth-card__header">
          <h1 id="auth-title">{siteName}</h1>
          <p>Sign in to your account or create one to join the conversation.</p>
        </div>
        {secondStep ? (
          <TwoFactorStep
            onSignedIn={welcomeBack}
            onExpired={(message) => {
              toast({ title: 'Sign-in expired', description: message, variant: 'destructive' });
              setSecondStep(false);
            }}
            onCancel={() => setSecondStep(false)}
          />
        ) : (
        <Tabs defaultSelectedKey="signin">
          <TabList aria-label="Sign in or sign up" className="auth-card__tabs">
            <Tab id="signin">Sign In</Tab>
            <Tab id="signup">Sign Up</Tab>
          </TabList>
          <TabPanel id="signin">
            <AccountForm
              schema={LoginInput}
              onSubmit={async (input) => {
                const answer = await signIn.mutateAsync(input);
                if (needsSecondStep(answer)) setSecondStep(true);
                else await welcomeBack(answer);
              }}
            />
          </TabPanel>
          <TabPanel id="signup">
            <AccountForm
              schema={RegisterInput}
              onSubmit={async (input) => {
                await register.mutateAsync(input);
                welcomeNew();
              }}
            />
          </TabPanel>
        </Tabs>
        )}
        <div className="auth-card__footer">
          <LinkButton to="/" variant="ghost">
            Back to Home
          </LinkButton>
        </div>
      </Card>
    </div>
  );
}

/** Sign In leaves the names blank; its schema (LoginInput) does not read them. */
type AccountValues = { firstName: string; lastName: string; email: string; password: string };

/**
 * The Sign In and Sign Up forms: email and password, and for a new account (RegisterInput) a name
 * and a new password. Checked with the contract the server uses; its refusals show under the fields.
 */
function AccountForm<S extends z.ZodType>({
  schema,
  onSubmit,
}: {
  schema: S;
  onSubmit: (input: z.output<S>) => Promise<void>;
}) {
  const isNew = (schema as z.ZodType) === RegisterInput;
  const { form, formProps, isSubmitting } = useEntityForm<AccountValues, S>({
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
    schema,
    onSubmit,
  });

  let submitLabel = isNew ? 'Create Account' : 'Sign In';
  if (isSubmitting) submitLabel = isNew ? 'Creating Account...' : 'Signing In...';

  return (
    <Form className="form" {...formProps}>
      {isNew ? (
        <div className="form__row">
          <form.Field name="firstName">
            {(field) => <TextField {...bind(field)} label="First name" autoComplete="given-name" />}
          </form.Field>
          <form.Field name="lastName">
            {(field) => <TextField {...bind(field)} label="Last name" autoComplete="family-name" />}
          </form.Field>
        </div>
      ) : null}
      <form.Field name="email">
        {(field) => <TextField {...bind(field)} type="email" label="Email" autoComplete="email" placeholder="you@example.com" />}
      </form.Field>
      <form.Field name="password">
        {(field) =>
          isNew ? (
            <NewPasswordField {...bind(field)} label="Password" />
          ) : (
            <TextField {...bind(field)} type="password" label="Password" autoComplete="current-password" />
          )
        }
      </form.Field>
      {isNew ? null : (
        // Offered on every site: where mail is off, the screen says whom to ask instead (docs/mail.md).
        <Link to="/forgot-password" className="auth-card__forgot">
          Forgot password?
        </Link>
      )}
      <Button type="submit" isPending={isSubmitting} className="auth-card__submit">
        {submitLabel}
      </Button>
    </Form>
  );
}
