import type { ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface Props {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
  type?: 'text' | 'email' | 'tel' | 'textarea' | 'password';
  autoComplete?: string;
  required?: boolean;
}

/**
 * One labelled input with its SPEC §5 message underneath. The message is tied to the input with
 * aria-describedby and the input is flagged aria-invalid, so screen readers announce both.
 */
export function FormField({ id, label, registration, error, type = 'text', autoComplete, required }: Props) {
  const errorId = `${id}-error`;
  const common = {
    id,
    ...registration,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'aria-required': required ? true : undefined,
    autoComplete,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {type === 'textarea' ? <textarea rows={5} {...common} /> : <input type={type} {...common} />}
      {error?.message && (
        <span id={errorId} className="field-error">
          {error.message}
        </span>
      )}
    </div>
  );
}

/** A tick box (terms acceptance) with its message, wired the same way; `extra` sits beside it (a link to the terms). */
export function CheckboxField({ id, label, registration, error, extra }: Pick<Props, 'id' | 'label' | 'registration' | 'error'> & { extra?: ReactNode }) {
  const errorId = `${id}-error`;
  return (
    <div className="field field-checkbox">
      <label htmlFor={id}>
        <input id={id} type="checkbox" {...registration} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} /> {label}
      </label>
      {extra}
      {error?.message && (
        <span id={errorId} className="field-error">
          {error.message}
        </span>
      )}
    </div>
  );
}
