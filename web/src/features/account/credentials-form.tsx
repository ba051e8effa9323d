import { useId, useState, type ReactNode } from 'react';
import { useT } from '@/lib/i18n/use-t';

interface CredentialsFormProps {
  title: string;
  submitLabel: string;
  message: string;
  busy: boolean;
  newPassword?: boolean;
  /** Shown under the password field and tied to it, e.g. the password rule. */
  passwordHint?: string;
  onSubmit: (username: string, password: string) => void;
  footer: ReactNode;
}

/** The username + password form shared by log in and register, differing only in words and autofill. */
export function CredentialsForm(props: CredentialsFormProps) {
  const { title, submitLabel, message, busy, newPassword = false, passwordHint, onSubmit, footer } = props;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const id = useId();
  const t = useT();

  return (
    <form
      className="credentials-form"
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(username, password);
      }}
    >
      <h1 id={`${id}-title`}>{title}</h1>
      <p className="form-message" role="alert">
        {message}
      </p>
      <div className="field">
        <label htmlFor={`${id}-username`}>{t('writes.account.username')}</label>
        <input
          id={`${id}-username`}
          name="username"
          placeholder={t('writes.account.usernamePlaceholder')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-password`}>{t('writes.account.password')}</label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          placeholder={t('writes.account.passwordPlaceholder')}
          autoComplete={newPassword ? 'new-password' : 'current-password'}
          required
          aria-describedby={passwordHint ? `${id}-hint` : undefined}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {passwordHint && (
          <p id={`${id}-hint`} className="field__hint">
            {passwordHint}
          </p>
        )}
      </div>
      <button type="submit" className="button button--primary button--wide" disabled={busy} aria-busy={busy}>
        {submitLabel}
      </button>
      <p className="credentials-form__footer">{footer}</p>
    </form>
  );
}
