import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/** A password input wired like the shared form fields (message tied with aria-describedby). */
export function PasswordField({ id, label, registration, error, autoComplete = 'new-password' }: { id: string; label: string; registration: UseFormRegisterReturn; error?: FieldError | undefined; autoComplete?: string }) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="password" autoComplete={autoComplete} aria-required="true" {...registration} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} />
      {error?.message && (
        <span id={errorId} className="field-error">
          {error.message}
        </span>
      )}
    </div>
  );
}
