// A text field that shows its limit and how much is used, before anything is sent.
import { TextArea, TextField } from '@/components/ui/field';

interface Props {
  label: string;
  name: string;
  value: string;
  max: number;
  onChange: (v: string) => void;
  error?: string | null;
  multiline?: boolean;
  required?: boolean;
  type?: string;
  hint?: string;
}

export function CountedField({ label, name, value, max, onChange, error, multiline, required, type = 'text', hint }: Props) {
  const count = `${[...value].length} / ${max}${hint ? ` · ${hint}` : ''}`;
  const common = { label, name, value, maxLength: max, required, error, hint: count };
  return multiline ? (
    <TextArea {...common} rows={3} onChange={(e) => onChange(e.target.value)} />
  ) : (
    <TextField {...common} type={type} onChange={(e) => onChange(e.target.value)} />
  );
}
