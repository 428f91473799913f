// A new password typed twice, as sign-up and Settings → Password ask for it: the two fields, the
// "at least 8 characters" hint, and the mismatch said beside the repeat field until either changes.
import { useState } from 'react';
import { TextField } from './field';

export interface NewPassword {
  password: string;
  repeat: string;
  mismatch: boolean;
  setPassword: (v: string) => void;
  setRepeat: (v: string) => void;
  /** True when both fields agree; otherwise shows the mismatch. */
  confirm: () => boolean;
  reset: () => void;
}

export function useNewPassword(): NewPassword {
  const [password, setPasswordState] = useState('');
  const [repeat, setRepeatState] = useState('');
  const [mismatch, setMismatch] = useState(false);
  return {
    password,
    repeat,
    mismatch,
    setPassword: (v) => {
      setPasswordState(v);
      setMismatch(false);
    },
    setRepeat: (v) => {
      setRepeatState(v);
      setMismatch(false);
    },
    confirm: () => {
      const same = password === repeat;
      setMismatch(!same);
      return same;
    },
    reset: () => {
      setPasswordState('');
      setRepeatState('');
      setMismatch(false);
    },
  };
}

interface Props {
  state: NewPassword;
  /** "Password" or "New password"; the repeat field is "Repeat the …" of it. */
  label: string;
  name: string;
  error?: string | null;
}

export function NewPasswordFields({ state, label, name, error }: Props) {
  const lower = label.charAt(0).toLowerCase() + label.slice(1);
  return (
    <>
      <TextField
        label={label}
        name={name}
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        value={state.password}
        onChange={(e) => state.setPassword(e.target.value)}
        error={error}
      />
      <TextField
        label={`Repeat the ${lower}`}
        name="repeat_password"
        type="password"
        autoComplete="new-password"
        value={state.repeat}
        onChange={(e) => state.setRepeat(e.target.value)}
        error={state.mismatch ? `The two ${lower}s differ` : null}
      />
    </>
  );
}
