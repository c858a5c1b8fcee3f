import { type ChangeEvent, type ClipboardEvent, type KeyboardEvent, type ReactNode, useId, useState, type WheelEvent } from 'react';
import { COUNTRY_CODES } from '../../../schemas/account.ts';
import {
  acceptPhonePaste,
  isBlockedPhoneKey,
  normaliseEmailInput,
  normaliseOtpInput,
  normalisePhoneInput,
} from '../../../schemas/validation.ts';
import * as css from './Fields.css.ts';
import * as formCss from './form.css.ts';

// Form fields shared by the login page and the account pages, with the SPEC §5 input rules built in.

interface FieldFrame {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}

export function FieldFrame({ label, error, hint, children }: FieldFrame) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={css.field}>
      <label htmlFor={id} className={formCss.label}>
        {label}
      </label>
      {children(id, error ? errorId : undefined)}
      {hint ? <p className={formCss.hint}>{hint}</p> : null}
      {error ? (
        <p id={errorId} className={formCss.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** SPEC §5: the mouse wheel on a number field blurs it, so scrolling the page never changes the value. */
export const blurOnWheel = (e: WheelEvent<HTMLInputElement>) => e.currentTarget.blur();

interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | null;
  type?: 'text' | 'email';
  autoComplete?: string;
  disabled?: boolean;
  maxLength?: number;
  name?: string;
  placeholder?: string;
  /** A 'Change' link shown beside a disabled value (SPEC §2 login layout). */
  onChangeRequest?: () => void;
  inputMode?: 'text' | 'email' | 'numeric' | 'tel';
  hint?: ReactNode;
  multiline?: boolean;
}

export function TextField(p: TextFieldProps) {
  return (
    <FieldFrame label={p.label} error={p.error} hint={p.hint}>
      {(id, describedBy) => {
        // A textarea and an input take the same value, limits and error wiring.
        const shared = {
          id,
          name: p.name,
          value: p.value,
          maxLength: p.maxLength,
          disabled: p.disabled,
          ...invalidProps(p.error, describedBy),
          onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => p.onChange(e.target.value),
        };
        return (
          <div className={controlClass(p.error)}>
            {p.multiline ? (
              <textarea {...shared} className={css.textarea} />
            ) : (
              <input
                {...shared}
                className={formCss.input}
                type={p.type ?? 'text'}
                autoComplete={p.autoComplete}
                placeholder={p.placeholder}
                inputMode={p.inputMode}
              />
            )}
            <ChangeButton disabled={p.disabled} onChangeRequest={p.onChangeRequest} />
          </div>
        );
      }}
    </FieldFrame>
  );
}

// The SPEC §2 login layout: a disabled value offers a 'Change' link when the page can take it back.
function ChangeButton({ disabled, onChangeRequest }: { disabled?: boolean; onChangeRequest?: () => void }) {
  return disabled && onChangeRequest ? (
    <button type="button" className={css.inlineButton} onClick={onChangeRequest}>
      Change
    </button>
  ) : null;
}

// Every control marks itself invalid and points at its error line the same way.
const controlClass = (error: string | null | undefined) => `${formCss.control} ${error ? css.controlInvalid : ''}`;
const invalidProps = (error: string | null | undefined, describedBy: string | undefined) => ({
  'aria-invalid': Boolean(error),
  'aria-describedby': describedBy,
});

export function CountryCodePicker({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange(code: string, iso: string): void;
  disabled?: boolean;
}) {
  return (
    <select
      className={css.select}
      aria-label="Country code"
      value={value}
      disabled={disabled}
      onChange={(e) => {
        const c = COUNTRY_CODES.find((x) => x.iso === e.target.value);
        if (c) onChange(c.country_code, c.iso);
      }}
    >
      {COUNTRY_CODES.map((c) => (
        <option key={c.iso} value={c.iso}>
          {c.country_code} {c.country_name}
        </option>
      ))}
    </select>
  );
}

/** An email field: the address as typed is normalised by the SPEC §5 rule (trimmed, no spaces, lower case). */
export function EmailField(p: Omit<TextFieldProps, 'type' | 'autoComplete' | 'inputMode' | 'multiline'>) {
  return <TextField {...p} type="email" autoComplete="email" onChange={(v) => p.onChange(normaliseEmailInput(v))} />;
}

interface PhoneFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | null;
  disabled?: boolean;
  onChangeRequest?: () => void;
  country?: { iso: string; onChange(code: string, iso: string): void };
  maxLength?: number;
  name?: string;
}

/** A phone-only field: SPEC §5 key blocking, digits only (max 10), numeric paste only, wheel blur. */
export function PhoneField(p: PhoneFieldProps) {
  const max = p.maxLength ?? 10;
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (isBlockedPhoneKey(e.key, true)) e.preventDefault();
  };
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const accepted = acceptPhonePaste(e.clipboardData.getData('text'), max);
    if (accepted !== null) p.onChange(accepted);
  };
  return (
    <FieldFrame label={p.label} error={p.error}>
      {(id, describedBy) => (
        <div className={controlClass(p.error)}>
          {p.country ? <CountryCodePicker value={p.country.iso} onChange={p.country.onChange} disabled={p.disabled} /> : null}
          <input
            id={id}
            name={p.name}
            className={formCss.input}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            value={p.value}
            maxLength={max}
            disabled={p.disabled}
            {...invalidProps(p.error, describedBy)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
            onWheel={blurOnWheel}
            onChange={(e) => p.onChange(normalisePhoneInput(e.target.value, max))}
          />
          <ChangeButton disabled={p.disabled} onChangeRequest={p.onChangeRequest} />
        </div>
      )}
    </FieldFrame>
  );
}

export function PasswordField(p: {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | null;
  autoComplete: string;
  name?: string;
}) {
  const [shown, setShown] = useState(false);
  return (
    <FieldFrame label={p.label} error={p.error}>
      {(id, describedBy) => (
        <div className={controlClass(p.error)}>
          <input
            id={id}
            name={p.name}
            className={formCss.input}
            type={shown ? 'text' : 'password'}
            value={p.value}
            maxLength={50}
            autoComplete={p.autoComplete}
            {...invalidProps(p.error, describedBy)}
            onChange={(e) => p.onChange(e.target.value)}
          />
          {/* SPEC §2: the eye toggle shows or hides the password. */}
          <button
            type="button"
            className={css.inlineButton}
            aria-pressed={shown}
            aria-label={shown ? 'Hide password' : 'Show password'}
            onClick={() => setShown((v) => !v)}
          >
            <EyeIcon open={shown} />
          </button>
        </div>
      )}
    </FieldFrame>
  );
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      {open ? null : <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" />}
    </svg>
  );
}

export function OtpField(p: { label?: string; value: string; onChange(value: string): void; error?: string | null; name?: string }) {
  return (
    <FieldFrame label={p.label ?? 'Enter OTP'} error={p.error}>
      {(id, describedBy) => (
        <div className={controlClass(p.error)}>
          <input
            id={id}
            name={p.name ?? 'otp'}
            className={formCss.input}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={8}
            value={p.value}
            {...invalidProps(p.error, describedBy)}
            onKeyDown={(e) => {
              if (isBlockedPhoneKey(e.key, true)) e.preventDefault();
            }}
            onWheel={blurOnWheel}
            onChange={(e) => p.onChange(normaliseOtpInput(e.target.value))}
          />
        </div>
      )}
    </FieldFrame>
  );
}

export function Alert({ kind, children }: { kind: 'error' | 'info'; children: ReactNode }) {
  if (!children) return null;
  return (
    <div className={kind === 'error' ? css.alertError : css.alertInfo} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
