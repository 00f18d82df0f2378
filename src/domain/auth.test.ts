import { describe, expect, it } from 'vitest';
import {
  AUTH_TEXTS,
  LoginBodySchema,
  NewPasswordSchema,
  ResetPasswordFormSchema,
  SigninLinkBodySchema,
  SignupBodySchema,
  type SignupForm,
  SignupFormSchema,
  signupBodyFromForm,
  VerifyEmailBodySchema,
  weakPasswordReason,
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

  it('checks email and password with the messages of docs/product.md §5', () => {
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

  it('requires name and location for a provider with the messages of docs/product.md §5', () => {
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

describe('weakPasswordReason: guessable new passwords', () => {
  const email = 'Marisol.Vega@example.com';

  it.each(['aaaaaa', 'ZZZZZZZZ', '111111', '!!!!!!', 'ababab', 'xyzxyzxyz', '123123'])(
    '%j repeats one character or a short pattern',
    (password) => {
      expect(weakPasswordReason(password, email)).toBe(AUTH_TEXTS.passwordRepeated);
    },
  );

  it.each([
    'abcdef',
    'ABCDEFGH',
    'defghijk',
    'zyxwvu',
    '123456',
    '654321',
    '987654321',
    '0123456789',
    'qwerty',
    'tyuiop',
    'poiuytre',
    'asdfgh',
    'lkjhgfds',
    'mnbvcxz',
  ])('%j is a run (alphabet, digits or a keyboard row, either way)', (password) => {
    expect(weakPasswordReason(password, email)).toBe(AUTH_TEXTS.passwordRun);
  });

  it.each(['marisol.vega', 'MARISOL.VEGA', 'marisol.vega@example.com', 'Marisol.Vega1987'])(
    '%j is the email address or its local part (plus digits)',
    (password) => {
      expect(weakPasswordReason(password, email)).toBe(AUTH_TEXTS.passwordIsEmail);
    },
  );

  it.each(['glowfind', 'Glowfind2024', 'my-GLOWFIND-pass'])('%j contains the product name', (password) => {
    expect(weakPasswordReason(password, email)).toBe(AUTH_TEXTS.passwordHasBrand);
    expect(AUTH_TEXTS.passwordHasBrand).toContain('Glowfind');
  });

  it.each([
    'Velvet-Orchid-4821',
    'abcdefx9',
    'marisol.vega-rose',
    'vega-marisol',
    '7890123',
    'secret-pass',
    'aaaaab',
  ])('%j passes', (password) => {
    expect(weakPasswordReason(password, email)).toBeNull();
  });

  it('checks the email rule only when an email is given', () => {
    expect(weakPasswordReason('marisol.vega')).toBeNull();
  });

  it('leaves passwords shorter than the minimum to the length rule', () => {
    expect(weakPasswordReason('aaaaa')).toBeNull();
    expect(NewPasswordSchema.safeParse('aaaaa').error!.issues.map((i) => i.message)).toEqual([
      'Password must be at least 6 characters',
    ]);
  });

  it('every message says why', () => {
    expect(AUTH_TEXTS.passwordRepeated).toMatch(/easy to guess/);
    expect(AUTH_TEXTS.passwordRun).toMatch(/run of characters.*easy to guess/);
    expect(AUTH_TEXTS.passwordIsEmail).toBe('Your password must not be your email address.');
  });
});

describe('the forms apply the rule on the password field', () => {
  it('SignupFormSchema: a run, and the email local part', () => {
    const run = SignupFormSchema.safeParse({ ...clientForm, password: 'abcdef', confirmPassword: 'abcdef' });
    expect(run.error!.issues).toEqual([
      expect.objectContaining({ path: ['password'], message: AUTH_TEXTS.passwordRun }),
    ]);
    const local = SignupFormSchema.safeParse({
      ...clientForm,
      password: 'ana@example.com',
      confirmPassword: 'ana@example.com',
    });
    expect(local.error!.issues).toEqual([
      expect.objectContaining({ path: ['password'], message: AUTH_TEXTS.passwordIsEmail }),
    ]);
  });

  it('ResetPasswordFormSchema: the product name', () => {
    const result = ResetPasswordFormSchema.safeParse({ password: 'glowfind1', confirmPassword: 'glowfind1' });
    expect(result.error!.issues).toEqual([
      expect.objectContaining({ path: ['password'], message: AUTH_TEXTS.passwordHasBrand }),
    ]);
  });

  it('the API bodies do not: login takes any old password, and the sign-up service applies the rule after its common-password list', () => {
    expect(LoginBodySchema.safeParse({ email: 'a@b.co', password: 'abcdef' }).success).toBe(true);
    expect(SignupBodySchema.safeParse({ email: 'a@b.co', password: 'abcdef' }).success).toBe(true);
  });
});

describe('SigninLinkBodySchema', () => {
  it('needs the token', () => {
    expect(SigninLinkBodySchema.safeParse({ token: 'abc' }).success).toBe(true);
    expect(SigninLinkBodySchema.safeParse({ token: ' ' }).error!.issues[0]!.message).toBe(
      'The sign-in link is incomplete',
    );
  });
});
