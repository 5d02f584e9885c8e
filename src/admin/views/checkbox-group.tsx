/** A fieldset of checkboxes, one per value, each labelled with its value (a form reads them by `name`). */
export function CheckboxGroup({ legend, name, values }: { legend: string; name: string; values: readonly string[] }) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {values.map((value) => (
        <label key={value} className="inline">
          <input type="checkbox" name={name} value={value} /> {value}
        </label>
      ))}
    </fieldset>
  );
}
