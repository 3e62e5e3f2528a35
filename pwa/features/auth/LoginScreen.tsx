import { useMutation } from '@tanstack/react-query';
import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { z } from '../../../contracts/zod';
import { LoginInput, RegisterInput, type User } from '../../../contracts/auth';
import { apiFetch } from '../../api/client';
import { serverFieldErrors, serverMessage } from '../../api/errors';
import { Button, LinkButton } from '../../components/Button';
import { Card } from '../../components/Card';
import { Tab, TabList, TabPanel, Tabs } from '../../components/Tabs';
import { TextField } from '../../components/TextField';
import { toast } from '../../components/Toast';
import { useSiteName } from '../site/useSiteName';
import { signedIn } from '../../session/session';
import './auth.css';

type FieldErrors = Record<string, string[]>;

/** Form values checked with the shared contract; field messages come back keyed by field name. */
function validate<T>(schema: z.ZodType<T>, form: HTMLFormElement): { data: T } | { errors: FieldErrors } {
  const result = schema.safeParse(Object.fromEntries(new FormData(form)));
  if (result.success) return { data: result.data };
  return { errors: z.flattenError(result.error).fieldErrors as FieldErrors };
}

/**
 * Field errors shown under each field (client-side from the contract, or the server's `errors`).
 * A field's error goes as soon as it is edited, not on blur: clearing on blur would move the submit
 * button between pointer down and up and swallow the click.
 */
function useFieldErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const field = (name: string) => ({
    name,
    errorMessage: errors[name]?.[0],
    onChange: () => setErrors(({ [name]: _cleared, ...rest }) => rest),
  });
  return { setErrors, field };
}

/** Sign-in and registration (spec 2 and 5). Both end signed in on the home page. */
export function LoginScreen() {
  const siteName = useSiteName();
  const navigate = useNavigate();
  const router = useRouter();
  // Where the visitor was sent from (e.g. /profile), else home.
  const { redirect } = useSearch({ from: '/login' });

  const finish = async (user: User, title: string, description: string) => {
    await signedIn(user);
    toast({ title, description });
    // A path with its own query and hash, checked by the route (safeRedirect): the history takes it whole.
    if (redirect) router.history.push(redirect);
    else await navigate({ to: '/' });
  };

  return (
    <div className="auth-page">
      <Card as="section" className="auth-card" aria-labelledby="auth-title">
        <div className="auth-card__header">
          <h1 id="auth-title">{siteName}</h1>
          <p>Sign in to your account or create one to join the conversation.</p>
        </div>
        <Tabs defaultSelectedKey="signin">
          <TabList aria-label="Sign in or sign up" className="auth-card__tabs">
            <Tab id="signin">Sign In</Tab>
            <Tab id="signup">Sign Up</Tab>
          </TabList>
          <TabPanel id="signin">
            <SignInForm
              onSignedIn={(user) => finish(user, 'Login Successful', `Welcome back to ${siteName}`)}
            />
          </TabPanel>
          <TabPanel id="signup">
            <SignUpForm
              onRegistered={(user) => finish(user, 'Registration Successful', `Welcome to ${siteName} community!`)}
            />
          </TabPanel>
        </Tabs>
        <div className="auth-card__footer">
          <LinkButton to="/" variant="ghost">
            Back to Home
          </LinkButton>
        </div>
      </Card>
    </div>
  );
}

function SignInForm({ onSignedIn }: { onSignedIn: (user: User) => Promise<void> }) {
  const { setErrors, field } = useFieldErrors();
  const login = useMutation({
    mutationFn: (input: LoginInput) => apiFetch<User>('/api/auth/login', { method: 'POST', body: input }),
    onSuccess: onSignedIn,
    onError: (error) => {
      setErrors(serverFieldErrors(error));
      toast({ title: 'Login Failed', description: serverMessage(error, 'Invalid credentials'), variant: 'destructive' });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(LoginInput, event.currentTarget);
    if ('errors' in result) return setErrors(result.errors);
    setErrors({});
    login.mutate(result.data);
  };

  return (
    <Form className="form" validationBehavior="aria" onSubmit={onSubmit}>
      <TextField {...field('email')} type="email" label="Email" autoComplete="email" placeholder="you@example.com" />
      <TextField {...field('password')} type="password" label="Password" autoComplete="current-password" />
      <Button type="submit" isPending={login.isPending} className="auth-card__submit">
        {login.isPending ? 'Signing In...' : 'Sign In'}
      </Button>
    </Form>
  );
}

function SignUpForm({ onRegistered }: { onRegistered: (user: User) => Promise<void> }) {
  const { setErrors, field } = useFieldErrors();
  const register = useMutation({
    mutationFn: (input: RegisterInput) => apiFetch<User>('/api/auth/register', { method: 'POST', body: input }),
    onSuccess: onRegistered,
    onError: (error) => {
      setErrors(serverFieldErrors(error));
      toast({
        title: 'Registration Failed',
        description: serverMessage(error, 'Failed to create account'),
        variant: 'destructive',
      });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(RegisterInput, event.currentTarget);
    if ('errors' in result) return setErrors(result.errors);
    setErrors({});
    register.mutate(result.data);
  };

  return (
    <Form className="form" validationBehavior="aria" onSubmit={onSubmit}>
      <div className="form__row">
        <TextField {...field('firstName')} label="First name" autoComplete="given-name" />
        <TextField {...field('lastName')} label="Last name" autoComplete="family-name" />
      </div>
      <TextField {...field('email')} type="email" label="Email" autoComplete="email" placeholder="you@example.com" />
      <TextField
        {...field('password')}
        type="password"
        label="Password"
        autoComplete="new-password"
        description="At least 6 characters."
      />
      <Button type="submit" isPending={register.isPending} className="auth-card__submit">
        {register.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </Form>
  );
}
