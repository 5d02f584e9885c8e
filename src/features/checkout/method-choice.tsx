import type { ReactNode } from 'react';

/**
 * A checkout step's method (shipping or payment): its radio and label in a fieldset with a legend,
 * and the field's error tied to the fieldset. `id` names the error (`<id>-error`).
 */
export function MethodChoice({ id, legend, error, children }: { id: string; legend: string; error: string | undefined; children: ReactNode }) {
  const errorId = `${id}-error`;
  return (
    <fieldset className="checkout-methods" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <label className="choice">{children}</label>
      {error && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
    </fieldset>
  );
}
