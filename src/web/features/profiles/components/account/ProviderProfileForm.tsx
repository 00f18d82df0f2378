import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Issue } from '#domain/errors.ts';
import { AMENITIES, LIMITS, PRODUCT_BRANDS } from '#domain/options.ts';
import type { ServicePackageInput } from '#domain/pricing.ts';
import { type AccountProfile, ProviderAccountFormSchema, type UpdateProfileBody } from '#domain/profiles.ts';
import { PROFILE_TEXTS } from '#domain/profiles-options.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Input, Textarea } from '#web/components/ui/Input.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { ZipInput } from '#web/components/ui/ZipInput.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { applyServerIssues } from '#web/lib/form-errors.ts';
import { toastFor } from '#web/lib/toast.tsx';
import type { VersionedAccountProfile } from '../../api/get-account-profile';
import { ProfileConflictError, useUpdateProfile } from '../../api/update-profile';
import { AccountCard } from './AccountCard';
import { AvailabilityCard } from './AvailabilityCard';
import { SECTION_SCROLL_MARGIN } from './account-sections';
import { ListEditor } from './ListEditor';
import { PoliciesCard, type PolicyErrors } from './PoliciesCard';
import { PricingEditor } from './PricingEditor';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';

const toast = toastFor('provider-profile');

// Shown only after a save is refused because the profile changed elsewhere: a chunk of its own.
const ProfileConflictDialog = lazy(() =>
  import('./ProfileConflictDialog').then((m) => ({ default: m.ProfileConflictDialog })),
);

type FormInput = z.input<typeof ProviderAccountFormSchema>;
type FormOutput = z.output<typeof ProviderAccountFormSchema>;

const FORM_FIELDS = Object.keys(ProviderAccountFormSchema.shape);

/** The form's values from the stored profile (every field present, blanks as ''). */
function formValuesOf(profile: AccountProfile): FormInput {
  return {
    name: profile.name ?? '',
    location: profile.location ?? '',
    zip: profile.zip ?? '',
    booking_link: profile.booking_link ?? '',
    bio: profile.bio ?? '',
    license_details: profile.license_details ?? '',
    additional_details: profile.additional_details ?? '',
    availability: profile.availability ?? '',
    specialties: profile.specialties ?? [],
    certifications: profile.certifications ?? [],
    amenities: profile.amenities ?? [],
    products: profile.products ?? [],
    policies: profile.policies ?? NO_POLICIES,
  };
}

const NAME_LABEL = 'Business/Professional Name';

const NO_POLICIES = { deposit: null, cancellation_notice_hours: null, text: '' };

/** What this form shows and saves of a profile: its fields and the services. */
const editedValuesOf = (profile: AccountProfile) => ({
  ...formValuesOf(profile),
  pricing: profile.pricing ?? [],
});

/** Whether two versions differ in nothing this form shows (they may in the avatar or the portfolio). */
const sameEdits = (a: AccountProfile, b: AccountProfile) =>
  JSON.stringify(editedValuesOf(a)) === JSON.stringify(editedValuesOf(b));

/** A refused save: the version saved meanwhile, and what this page tried to save over it. */
interface Conflict {
  theirs: VersionedAccountProfile;
  mine: UpdateProfileBody;
  /** The sticky Save (the form's fields) or a service's own save (the whole list). */
  kind: 'form' | 'pricing';
}

/** A list field's message: about the whole list, or the first bad item. */
function listError(error: unknown): string | undefined {
  if (!error) return undefined;
  const asField = error as FieldError;
  if (asField.message) return asField.message;
  if (Array.isArray(error)) return (error as (FieldError | undefined)[]).find((e) => e?.message)?.message;
  return undefined;
}

interface ProviderProfileFormProps {
  /** The profile as loaded, with its version (sent as If-Match on save). */
  profile: VersionedAccountProfile;
  /** The avatar upload, composed by the route from the uploads feature. */
  avatar: ReactNode;
  /** The portfolio manager, likewise. */
  portfolio: ReactNode;
}

/**
 * Everything a provider edits (docs/product.md §2 'Provider Profile form'). Text fields and lists save
 * together with the sticky 'Save Profile'; pricing saves on its own the moment a package is saved,
 * without touching unsaved edits elsewhere; images save as they upload.
 */
export function ProviderProfileForm({ profile, avatar, portfolio }: ProviderProfileFormProps) {
  // The version the form's values were loaded from, sent as If-Match: a save never goes over a
  // version saved meanwhile in another tab or device without the person choosing so.
  const [base, setBase] = useState<VersionedAccountProfile>(profile);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  // A new key drops the pricing editor's unsaved package when the latest version is taken.
  const [pricingKey, setPricingKey] = useState(0);

  const ids = { details: useId(), portfolio: useId(), pricing: useId(), lists: useId() };
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ProviderAccountFormSchema),
    mode: 'onTouched',
    defaultValues: formValuesOf(profile),
  });
  const { errors, isDirty } = form.formState;
  // A service being added or edited is unsaved too (it saves on its own 'Save service').
  const [isPricingDirty, setIsPricingDirty] = useState(false);
  const update = useUpdateProfile();
  const pricingUpdate = useUpdateProfile();
  const isBusy = update.isPending || pricingUpdate.isPending;
  const bioLength = form.watch('bio')?.length ?? 0;

  const saveForm = (values: UpdateProfileBody, from: VersionedAccountProfile) =>
    update.mutate(
      { body: values, base: from, isUnseenChangeFree: (latest) => sameEdits(latest, from) },
      {
        onSuccess: (reply) => {
          setBase(reply.profile);
          setConflict(null);
          form.reset(formValuesOf(reply.profile));
          // A new zip moved a pinned provider to its centre: the reply says so.
          const pinMoved = from.pinned === true && reply.profile.pinned === false;
          toast.success('Success', {
            description: pinMoved && reply.message ? reply.message : 'Provider profile updated successfully',
          });
        },
        onError: (error) => {
          if (error instanceof ProfileConflictError) {
            setConflict({ theirs: error.theirs, mine: values, kind: 'form' });
            return;
          }
          applyServerIssues(error, FORM_FIELDS, form.setError);
          toast.error('Error', { description: 'Failed to update provider profile' });
        },
      },
    );

  const handleSubmit = form.handleSubmit(
    (values) => saveForm(values, base),
    () => toast.error('Error', { description: 'Please check the highlighted fields.' }),
  );

  const savePricing = async (
    pricing: ServicePackageInput[],
    from: VersionedAccountProfile = base,
  ): Promise<Issue[] | null> => {
    try {
      const reply = await pricingUpdate.mutateAsync({
        body: { pricing },
        base: from,
        isUnseenChangeFree: (latest) => sameEdits(latest, from),
      });
      // Saved over `from`'s version: the other fields are still those the form was loaded with,
      // except after a chosen 'Keep mine', when the untouched ones take the saved values.
      setBase(reply.profile);
      if (from !== base) form.reset(formValuesOf(reply.profile), { keepDirtyValues: true });
      setConflict(null);
      toast.success('Success', { description: PROFILE_TEXTS.updated });
      return null;
    } catch (error) {
      if (error instanceof ProfileConflictError) {
        setConflict({ theirs: error.theirs, mine: { pricing }, kind: 'pricing' });
        return [];
      }
      toast.error('Error', { description: PROFILE_TEXTS.updateFailed });
      return error instanceof ApiError ? error.issues : [];
    }
  };

  /** Takes `latest` into the page: the form's values, the services, the version; local edits go. */
  const adopt = (latest: VersionedAccountProfile) => {
    setBase(latest);
    form.reset(formValuesOf(latest));
    setIsPricingDirty(false);
    setPricingKey((key) => key + 1);
    setConflict(null);
  };

  const handleKeepMine = () => {
    if (!conflict) return;
    if (conflict.kind === 'pricing') void savePricing(conflict.mine.pricing ?? [], conflict.theirs);
    else saveForm(conflict.mine, conflict.theirs);
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-6">
      <UnsavedChangesDialog isDirty={isDirty || isPricingDirty} />
      {conflict && (
        <Suspense fallback={null}>
          <ProfileConflictDialog
            conflict={conflict}
            nameLabel={NAME_LABEL}
            isBusy={isBusy}
            onKeepMine={handleKeepMine}
            onTakeLatest={adopt}
            onClose={() => setConflict(null)}
          />
        </Suspense>
      )}
      <AccountCard
        sectionId="account"
        email={profile.email}
        avatar={avatar}
        nameField={
          <Field label={NAME_LABEL} error={errors.name?.message} required>
            <Input autoComplete="organization" {...form.register('name')} />
          </Field>
        }
      />

      <Card id="provider-profile" aria-labelledby={ids.details} className={SECTION_SCROLL_MARGIN}>
        <CardHeader>
          <CardTitle id={ids.details}>Provider Profile</CardTitle>
          <CardDescription>What clients see on your public profile and in search.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <div className="grid gap-4 sm:grid-cols-[1fr_11rem]">
            <Field
              label="Location"
              error={errors.location?.message}
              required
              hint="City, state and zip, e.g. Austin, TX 78701"
            >
              <Input autoComplete="address-level2" {...form.register('location')} />
            </Field>
            <Field
              label="Zip code"
              error={errors.zip?.message}
              hint="Optional. A zip code in the location is used too."
            >
              <ZipInput placeholder="e.g. 78701" {...form.register('zip')} />
            </Field>
          </div>
          <Field
            label="Booking Link"
            error={errors.booking_link?.message}
            hint="Your own booking page, starting with https://"
          >
            <Input type="url" inputMode="url" placeholder="https://" {...form.register('booking_link')} />
          </Field>
          <Field
            label="Professional Bio"
            error={errors.bio?.message}
            hint={`${bioLength.toLocaleString('en-US')}/${LIMITS.bioMax.toLocaleString('en-US')} characters`}
          >
            <Textarea
              rows={4}
              placeholder="Your experience, your style and what clients can expect"
              {...form.register('bio')}
            />
          </Field>
          <Field
            label="License Information"
            error={errors.license_details?.message}
            hint="Optional, e.g. 'Licensed Cosmetologist, TX #123456'"
          >
            <Textarea rows={2} {...form.register('license_details')} />
          </Field>
          <Field
            label="Additional Details"
            error={errors.additional_details?.message}
            hint="Optional. Shown as 'Additional Information' on your public profile."
          >
            <Textarea rows={3} {...form.register('additional_details')} />
          </Field>
        </CardContent>
      </Card>

      <Card id="portfolio" aria-labelledby={ids.portfolio} className={SECTION_SCROLL_MARGIN}>
        <CardHeader>
          <CardTitle id={ids.portfolio}>Portfolio</CardTitle>
          <CardDescription>Photos of your work, shown as 'My Work' on your profile.</CardDescription>
        </CardHeader>
        <CardContent>{portfolio}</CardContent>
      </Card>

      <Card id="pricing" aria-labelledby={ids.pricing} className={SECTION_SCROLL_MARGIN}>
        <CardHeader>
          <CardTitle id={ids.pricing}>Services &amp; Pricing</CardTitle>
          <CardDescription>Each service saves as soon as you save it.</CardDescription>
        </CardHeader>
        <CardContent>
          <PricingEditor
            key={pricingKey}
            pricing={profile.pricing ?? []}
            onSave={savePricing}
            onDirtyChange={setIsPricingDirty}
            disabled={update.isPending}
          />
        </CardContent>
      </Card>

      <Controller
        control={form.control}
        name="policies"
        render={({ field }) => (
          <PoliciesCard
            sectionId="policies"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            errors={errors.policies as PolicyErrors | undefined}
          />
        )}
      />

      <Card id="details" aria-labelledby={ids.lists} className={SECTION_SCROLL_MARGIN}>
        <CardHeader>
          <CardTitle id={ids.lists}>Details</CardTitle>
          <CardDescription>Specialties, certifications, amenities and the products you use.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 md:grid-cols-2">
          <Controller
            control={form.control}
            name="specialties"
            render={({ field, fieldState }) => (
              <ListEditor
                label="Specialties"
                itemLabel="specialty"
                placeholder="e.g. Curly cuts"
                values={field.value ?? []}
                onChange={field.onChange}
                error={listError(fieldState.error)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="certifications"
            render={({ field, fieldState }) => (
              <ListEditor
                label="Certifications"
                itemLabel="certification"
                placeholder="e.g. Olaplex Certified"
                values={field.value ?? []}
                onChange={field.onChange}
                error={listError(fieldState.error)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="amenities"
            render={({ field, fieldState }) => (
              <ListEditor
                label="Amenities"
                itemLabel="amenity"
                placeholder="Type your own or choose below"
                options={AMENITIES}
                values={field.value ?? []}
                onChange={field.onChange}
                error={listError(fieldState.error)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="products"
            render={({ field, fieldState }) => (
              <ListEditor
                label="Products Used"
                itemLabel="product"
                placeholder="Type a brand or choose below"
                options={PRODUCT_BRANDS}
                values={field.value ?? []}
                onChange={field.onChange}
                error={listError(fieldState.error)}
              />
            )}
          />
        </CardContent>
      </Card>

      <Controller
        control={form.control}
        name="availability"
        render={({ field, fieldState }) => (
          <AvailabilityCard
            sectionId="availability"
            value={field.value ?? ''}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />

      <div className="sticky bottom-0 z-20 -mx-4 border-t border-app bg-app px-4 py-3 sm:bottom-4 sm:mx-0 sm:rounded-2xl sm:border sm:shadow-lg">
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm text-muted" aria-live="polite">
            {update.isPending
              ? 'Saving your profile...'
              : isDirty
                ? 'You have unsaved changes'
                : 'No unsaved changes'}
          </p>
          <Button type="submit" disabled={isBusy} className="shrink-0">
            {update.isPending ? <Spinner /> : <Save className="h-4 w-4" aria-hidden="true" />}
            Save Profile
          </Button>
        </div>
      </div>
    </form>
  );
}
