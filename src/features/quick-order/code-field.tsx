import { useEffect, useState, type KeyboardEvent } from 'react';
import type { Suggestion } from './suggest-codes';

interface Props {
  id: string;
  label: string;
  listLabel: string;
  value: string;
  invalid: boolean;
  describedBy?: string | undefined;
  /** Suggestions for the text, from the local catalogue (which may answer from a worker). */
  suggest: (text: string) => Promise<Suggestion[]>;
  onChange: (value: string) => void;
  /** A suggestion was chosen, or Enter pressed: the shopper moves on to the quantity. */
  onDone: () => void;
}

/** The suggestions for what is typed while the list is open; a late answer for older text is dropped. */
function useSuggestions(open: boolean, value: string, suggest: Props['suggest']): Suggestion[] {
  const [answered, setAnswered] = useState<{ value: string; options: Suggestion[] }>({ value: '', options: [] });
  useEffect(() => {
    if (!open) return;
    let live = true;
    void suggest(value).then((options) => live && setAnswered({ value, options }), () => undefined);
    return () => {
      live = false;
    };
  }, [open, value, suggest]);
  return open && answered.value === value ? answered.options : [];
}

/**
 * The code of a pad row: a combobox (WAI-ARIA 1.2 list autocomplete) that suggests products from the
 * local replica as the shopper types. Arrow keys move through the suggestions, Enter takes one (or
 * moves on), Escape closes the list.
 */
export function CodeField({ id, label, listLabel, value, invalid, describedBy, suggest, onChange, onDone }: Props) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const options = useSuggestions(open, value, suggest);
  const listId = `${id}-suggestions`;
  const take = (code: string) => {
    onChange(code);
    setOpen(false);
    setActive(-1);
    onDone();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const chosen = options[active];
      if (chosen) take(chosen.code);
      else {
        setOpen(false);
        onDone();
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };
  return (
    <div className="code-field">
      <label htmlFor={id} className="pad-field-label">
        {label}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-activedescendant={active >= 0 && options[active] ? `${listId}-${active}` : undefined}
        aria-invalid={invalid ? 'true' : 'false'}
        aria-describedby={describedBy}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul id={listId} role="listbox" aria-label={listLabel} className="code-suggestions" hidden={options.length === 0}>
        {options.map((option, i) => (
          <li
            key={option.code}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            // Chosen on mouse down: a click would blur the field first and close the list.
            onMouseDown={(event) => {
              event.preventDefault();
              take(option.code);
            }}
          >
            <span className="suggestion-code">{option.code}</span> <span className="suggestion-name">{option.name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
