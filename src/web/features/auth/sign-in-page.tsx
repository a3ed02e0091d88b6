import "@fontsource/roboto/400.css";
import "@fontsource/roboto/500.css";
import "@fontsource/roboto/700.css";
import "./sign-in.css";
import { Trans } from "@lingui/react/macro";
import { useAtom } from "jotai";
import { useState, type FormEvent, type ReactNode } from "react";
import { toErrorMessage, toFieldErrors } from "../../lib/api-client";
import { appStore, languageAtom } from "../../lib/app-state";
import { LANGUAGES } from "../../lib/i18n";
import { translateMessage } from "../../lib/messages";
import { login } from "../../lib/session";

interface Credentials {
  username: string;
  password: string;
}
type FieldErrors = Partial<Record<keyof Credentials, string>>;

/**
 * The sign-in page: plain React and its own small style sheet (sign-in.css), no Chakra, no router,
 * no form library, so a new device paints and runs it from a small chunk before the app has loaded
 * (DESIGN section 6). The same page serves the router's /login route inside the app.
 * The rules of the body are loginSchema's (core/validation), loaded when the form is sent.
 */
export function SignInPage({ onSignedIn }: { onSignedIn: () => void }) {
  const [language, setLanguage] = useAtom(languageAtom, { store: appStore });
  const [values, setValues] = useState<Credentials>({ username: "", password: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const change = (name: keyof Credentials) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setStatus(null);
    const invalid = await validate(values);
    setErrors(invalid);
    if (Object.keys(invalid).length > 0) return;
    setSubmitting(true);
    try {
      await login(values.username.trim(), values.password);
      onSignedIn();
    } catch (error) {
      // Wrong password: the server's {message} goes under the form; field errors onto their fields.
      const fieldErrors = toFieldErrors(error);
      setErrors(fieldErrors);
      setStatus(toErrorMessage(error) ?? (Object.keys(fieldErrors).length ? null : "network"));
      setSubmitting(false);
    }
  };

  return (
    <div className="sign-in">
      <main className="sign-in-card">
        <h1 className="sign-in-title">
          <Trans>Back Office</Trans>
        </h1>
        <h2 className="sign-in-subtitle">
          <Trans>Sign in</Trans>
        </h2>
        <form noValidate onSubmit={(event) => void submit(event)} className="sign-in-form">
          <SignInField
            name="username"
            label={<Trans>Username</Trans>}
            autoComplete="username"
            autoFocus
            value={values.username}
            error={errors.username}
            onChange={change("username")}
          />
          <SignInField
            name="password"
            label={<Trans>Password</Trans>}
            type="password"
            autoComplete="current-password"
            value={values.password}
            error={errors.password}
            onChange={change("password")}
          />
          {status !== null && (
            <div className="sign-in-alert" role="alert">
              {status === "network" ? <Trans>Cannot reach the server. Check the connection and try again.</Trans> : status}
            </div>
          )}
          <button type="submit" className="sign-in-submit" disabled={submitting} aria-busy={submitting}>
            {submitting && <span className="sign-in-spinner" aria-hidden="true" />}
            <Trans>Sign in</Trans>
          </button>
        </form>
        <div className="sign-in-languages" role="group" aria-label="language">
          {LANGUAGES.map((option) => (
            <button
              key={option.code}
              type="button"
              lang={option.code}
              aria-pressed={option.code === language}
              onClick={() => setLanguage(option.code)}
            >
              {option.label}
            </button>
          ))}
        </div>
      </main>
    </div>
  );
}

/** loginSchema's errors by field (translated), loaded with yup only when the form is sent. */
async function validate(values: Credentials): Promise<FieldErrors> {
  const { loginSchema } = await import("../../../core/validation/auth-schemas");
  try {
    await loginSchema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    const inner = (error as { inner?: { path?: string; message: string }[] }).inner ?? [];
    const errors: FieldErrors = {};
    for (const item of inner) {
      const name = item.path as keyof Credentials | undefined;
      if (name && !errors[name]) errors[name] = item.message;
    }
    return errors;
  }
}

function SignInField(props: {
  name: keyof Credentials;
  label: ReactNode;
  type?: string;
  autoComplete: string;
  autoFocus?: boolean;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const id = `sign-in-${props.name}`;
  return (
    <div className="sign-in-field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? "text"}
        autoComplete={props.autoComplete}
        autoFocus={props.autoFocus}
        required
        dir="auto"
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.error && (
        <p id={`${id}-error`} className="sign-in-error">
          {translateMessage(props.error)}
        </p>
      )}
    </div>
  );
}
