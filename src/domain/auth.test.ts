import { describe, expect, it } from 'vitest';
import {
  ResetPasswordFormSchema,
  SignupBodySchema,
  type SignupForm,
  SignupFormSchema,
  signupBodyFromForm,
  VerifyEmailBodySchema,
} from './auth';

const clientForm: SignupForm = {
  email: 'ana@example.com',
  password: 'secret-pass',
  confirmPassword: 'secret-pass',
  agreeToTerms: true,
  user_type: 'client',
  name: '',
  bio: '',
  location: '',
  booking_link: '',
  selected_categories: [],
  selected_amenities: [],
  selected_inclusivity: [],
};

const providerForm: SignupForm = {
  ...clientForm,
  user_type: 'provider',
  name: "Zoë's Hair Studio",
  bio: 'Color specialist',
  location: 'Austin, TX 78701',
  booking_link: 'https://book.example.com/zoe',
  selected_categories: ['hair'],
  selected_amenities: ['Free Wi-Fi'],
  selected_inclusivity: ['LGBTQIA+ Friendly'],
};

function issues(form: unknown) {
  const result = SignupFormSchema.safeParse(form);
  return result.success
    ? []
    : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('SignupFormSchema', () => {
  it('accepts a complete client form and a complete provider form', () => {
    expect(issues(clientForm)).toEqual([]);
    expect(issues(providerForm)).toEqual([]);
  });

  it("says 'Passwords do not match' on the confirmation field", () => {
    expect(issues({ ...clientForm, confirmPassword: 'secret-pasS' })).toEqual([
      { path: 'confirmPassword', message: 'Passwords do not match' },
    ]);
  });

  it("asks to confirm the password when it is empty (not 'do not match')", () => {
    expect(issues({ ...clientForm, confirmPassword: '' })).toEqual([
      { path: 'confirmPassword', message: 'Please confirm your password' },
    ]);
  });

  it('requires agreeing to the Terms', () => {
    expect(issues({ ...clientForm, agreeToTerms: false })).toEqual([
      { path: 'agreeToTerms', message: 'You must agree to the Terms of Service' },
    ]);
  });

  it('requires the business name and location of a provider', () => {
    expect(issues({ ...providerForm, name: '', location: '' })).toEqual([
      { path: 'name', message: 'Business/Professional name is required' },
      { path: 'location', message: 'Location is required' },
    ]);
  });

  it('treats whitespace-only provider fields as empty', () => {
    expect(issues({ ...providerForm, name: '   ', location: '\t ' })).toEqual([
      { path: 'name', message: 'Business/Professional name is required' },
      { path: 'location', message: 'Location is required' },
    ]);
  });

  it('does not require name or location from a client', () => {
    expect(issues({ ...clientForm, name: '', location: '' })).toEqual([]);
  });

  it('checks email and password with the SPEC messages', () => {
    expect(issues({ ...clientForm, email: 'nope', password: '123', confirmPassword: '123' })).toEqual([
      { path: 'email', message: 'Please enter a valid email' },
      { path: 'password', message: 'Password must be at least 6 characters' },
    ]);
  });

  it('refuses a javascript: booking link', () => {
    expect(issues({ ...providerForm, booking_link: 'javascript:alert(1)' })).toEqual([
      { path: 'booking_link', message: 'Please enter a valid link starting with http:// or https://' },
    ]);
  });

  it('refuses categories and amenities outside the option lists', () => {
    const found = issues({
      ...providerForm,
      selected_categories: ['tattoo'],
      selected_amenities: ['Hot Tub'],
    });
    expect(found.map((i) => i.path)).toEqual(['selected_categories.0', 'selected_amenities.0']);
  });
});

describe('signupBodyFromForm', () => {
  it('turns a provider form into a body the API schema accepts, with the same values', () => {
    const body = signupBodyFromForm(SignupFormSchema.parse(providerForm));
    const parsed = SignupBodySchema.parse(body);
    expect(parsed).toEqual({
      email: 'ana@example.com',
      password: 'secret-pass',
      userData: {
        user_type: 'provider',
        name: "Zoë's Hair Studio",
        bio: 'Color specialist',
        location: 'Austin, TX 78701',
        booking_link: 'https://book.example.com/zoe',
        selected_categories: ['hair'],
        selected_amenities: ['Free Wi-Fi'],
        selected_inclusivity: ['LGBTQIA+ Friendly'],
      },
    });
  });

  it('sends only user_type (and a name if given) for a client', () => {
    expect(signupBodyFromForm(clientForm).userData).toEqual({ user_type: 'client' });
    expect(signupBodyFromForm({ ...clientForm, name: 'Ana' }).userData).toEqual({
      user_type: 'client',
      name: 'Ana',
    });
  });
});

describe('SignupBodySchema (the API side of the same rules)', () => {
  it('defaults userData to a client', () => {
    expect(SignupBodySchema.parse({ email: 'a@b.co', password: 'secret-pass' }).userData).toEqual({
      user_type: 'client',
    });
  });

  it('requires name and location for a provider with the SPEC messages', () => {
    const result = SignupBodySchema.safeParse({
      email: 'a@b.co',
      password: 'secret-pass',
      userData: { user_type: 'provider', name: ' ', location: '' },
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['userData.name', 'Business/Professional name is required'],
      ['userData.location', 'Location is required'],
    ]);
  });
});

describe('ResetPasswordFormSchema', () => {
  it("says 'Passwords do not match'", () => {
    const result = ResetPasswordFormSchema.safeParse({
      password: 'secret-pass',
      confirmPassword: 'other-pass',
    });
    expect(result.error!.issues).toEqual([
      expect.objectContaining({ path: ['confirmPassword'], message: 'Passwords do not match' }),
    ]);
  });
});

describe('VerifyEmailBodySchema', () => {
  it("only accepts type 'email'", () => {
    expect(VerifyEmailBodySchema.safeParse({ temp_token: 'abc', type: 'email' }).success).toBe(true);
    const result = VerifyEmailBodySchema.safeParse({ temp_token: 'abc', type: 'recovery' });
    expect(result.error!.issues[0]!.message).toBe("type must be 'email'");
  });
});
