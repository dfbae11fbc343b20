import * as z from 'zod/mini';

export const countryOption = z.object({ value: z.string(), label: z.string(), flag: z.string() });
export type CountryOption = z.infer<typeof countryOption>;

/** A native country picker (keyboard, screen readers and phone wheels for free) showing the chosen country's flag. */
export function CountrySelect({ id, name, value, options, onChange }: { id: string; name?: string; value: string; options: readonly CountryOption[]; onChange: (value: string) => void }) {
  const flag = options.find((option) => option.value === value)?.flag;
  return (
    <div className="country-select">
      {flag ? <img src={flag} alt="" width={24} height={18} /> : null}
      <select id={id} name={name} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
