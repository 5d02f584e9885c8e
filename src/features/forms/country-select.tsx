import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/** The shop delivers from the UK; Great Britain first, then the countries it also posts to. */
const COUNTRIES = [
  ['GB', 'United Kingdom'],
  ['IE', 'Ireland'],
  ['FR', 'France'],
  ['DE', 'Germany'],
  ['IT', 'Italy'],
  ['NL', 'Netherlands'],
  ['BE', 'Belgium'],
  ['ES', 'Spain'],
] as const;

export function CountrySelect({ id, label, registration, error }: { id: string; label: string; registration: UseFormRegisterReturn; error?: FieldError | undefined }) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} autoComplete="country" {...registration} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
        {COUNTRIES.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
      {error?.message && (
        <span id={errorId} className="field-error">
          {error.message}
        </span>
      )}
    </div>
  );
}
