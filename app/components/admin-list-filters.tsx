// The filter fields of the back office's lists (orders, products): a GET form's labelled selects and its search box.

const labelClass = "mb-1 block text-sm font-medium text-ink";

/** A labelled select of a list's filter form. */
export function ListFilterSelect({
  id,
  name,
  label,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className="input">
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The list's search box (`?q=`). */
export function ListSearchField({
  id,
  value,
  maxLength,
  placeholder,
}: {
  id: string;
  value: string;
  maxLength: number;
  placeholder: string;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Search
      </label>
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={value}
        maxLength={maxLength}
        placeholder={placeholder}
        className="input"
      />
    </div>
  );
}
