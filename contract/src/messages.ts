// Texts the sign-in screen needs, kept apart from the schemas so that screen loads without zod.
export const LOGIN_MISSING_FIELDS = 'Please fill in both email and password';
export const LOGIN_INVALID = 'Invalid email or password';
