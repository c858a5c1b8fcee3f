import { identifierKind } from '../../../../../schemas/validation.ts';
import { Alert, CountryCodePicker, FieldFrame } from '../../../../ui/form/Fields.tsx';
import * as fields from '../account.css.ts';
import { countryOf, GoogleSection, type StepProps, StepForm, SubmitButton } from './parts.tsx';

/** MY_ACCOUNT: the email-or-mobile field (a country picker once it reads as a phone), Continue, Google. */
export function MyAccountStep({ state, send, busy }: StepProps) {
  const c = state.context;
  const country = countryOf({ state, send });
  return (
    <StepForm send={send}>
      <FieldFrame label="Email or mobile number">
        {(id) => (
          <div className={fields.control}>
            {c.identifier && identifierKind(c.identifier) === 'phone' ? (
              <CountryCodePicker value={c.country.selected_country} onChange={country.onChange} />
            ) : null}
            <input
              id={id}
              name="identifier"
              className={fields.input}
              type="text"
              inputMode="email"
              autoComplete="username"
              value={c.identifier}
              onChange={(e) => send({ type: 'EDIT_IDENTIFIER', value: e.target.value })}
            />
          </div>
        )}
      </FieldFrame>
      {c.blocked ? <Alert kind="error">Your account has been blocked. Please contact customer support.</Alert> : null}
      <SubmitButton busy={busy} disabled={!state.can({ type: 'SUBMIT' })}>
        Continue
      </SubmitButton>
      <GoogleSection onGoogle={() => send({ type: 'GOOGLE' })} />
    </StepForm>
  );
}
