import { type ReactNode, useId } from 'react';
import { PROFILE_TEXTS } from '#domain/profiles-options.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { SECTION_SCROLL_MARGIN } from './account-sections';

interface AccountCardProps {
  email: string;
  /** The avatar upload (from the uploads feature, composed by the route). */
  avatar: ReactNode;
  /** The name field, registered with whichever form owns it (client or provider). */
  nameField: ReactNode;
  /** The client's Save button; providers save with 'Save Profile'. */
  footer?: ReactNode;
  /** The section's id, for the provider's section menu. */
  sectionId?: string;
}

/** Picture, name and the read-only email. */
export function AccountCard({ email, avatar, nameField, footer, sectionId }: AccountCardProps) {
  const id = useId();
  return (
    <Card id={sectionId} aria-labelledby={id} className={SECTION_SCROLL_MARGIN}>
      <CardHeader>
        <CardTitle id={id}>Account</CardTitle>
        <CardDescription>Your picture and name appear in the header and on your profile.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {avatar}
        <div className="grid gap-4 sm:grid-cols-2">
          {nameField}
          <Field label="Email" hint={PROFILE_TEXTS.emailNote}>
            <Input type="email" value={email} readOnly />
          </Field>
        </div>
        {footer}
      </CardContent>
    </Card>
  );
}
