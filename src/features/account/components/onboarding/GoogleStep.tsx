import { LinkButton, type StepProps } from './parts.tsx';

/** LOGIN_WITH_GOOGLE: on the way to the identity provider, or verifying its answer. */
export function GoogleStep({ state, send }: StepProps) {
  return (
    <div>
      <p role="status">{state.matches({ LOGIN_WITH_GOOGLE: 'verifying' }) ? 'Signing you in with Google…' : 'Taking you to Google…'}</p>
      <LinkButton onClick={() => send({ type: 'CHANGE' })}>Use email or mobile instead</LinkButton>
    </div>
  );
}
