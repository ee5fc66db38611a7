import { useState, type InputHTMLAttributes } from "react";

import { Eye, EyeOff } from "~/components/icons";
import { useHydrated } from "~/framework/use-hydrated";

/**
 * A password input with a show/hide toggle. The toggle needs JavaScript, so it appears only after
 * hydration; without JavaScript this is a plain password input.
 */
export function PasswordInput({
  className,
  toggleLabel = "Show password",
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { id: string; toggleLabel?: string }) {
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input {...props} type={visible ? "text" : "password"} className={`input pr-11 ${className ?? ""}`} />
      {hydrated ? (
        <button
          type="button"
          onClick={() => setVisible((current) => !current)}
          aria-label={toggleLabel}
          aria-pressed={visible}
          aria-controls={props.id}
          disabled={props.disabled}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-ink-muted hover:text-ink"
        >
          {visible ? <EyeOff aria-hidden className="size-5" /> : <Eye aria-hidden className="size-5" />}
        </button>
      ) : null}
    </div>
  );
}
