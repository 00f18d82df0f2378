import { type ComponentProps, useRef } from 'react';
import { sanitizeZipInput } from '#domain/zip.ts';
import { Input } from './Input';

/**
 * Every zip box: what is typed or pasted keeps its zip ('Austin, TX 78704' → '78704', sanitizeZipInput).
 * No maxLength: the browser would cut a pasted address to 'Austi' before any handler saw it (and a
 * phone keyboard's clipboard suggestion comes without a paste event). The value is cleaned before
 * the caller's onChange reads it, so a controlled box and react-hook-form's register both get the zip.
 */
export function ZipInput({ onChange, onPaste, ...props }: ComponentProps<'input'>) {
  // What the last paste brought, for the change it causes: its zip wins over one already in the box.
  const pasted = useRef('');
  return (
    <Input
      inputMode="numeric"
      autoComplete="postal-code"
      {...props}
      onPaste={(event) => {
        pasted.current = event.clipboardData.getData('text');
        onPaste?.(event);
      }}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        const zip = sanitizeZipInput(typed, pasted.current);
        pasted.current = '';
        // Set only when it differs: setting the value moves the caret to the end.
        if (zip !== typed) event.currentTarget.value = zip;
        onChange?.(event);
      }}
    />
  );
}
