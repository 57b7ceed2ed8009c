import { z } from "zod";
import { addressRules, phoneRule } from "~/modules/address/address";

// The account forms' rules and messages, shared by the browser, which
// checks before sending, and the server, which checks again whatever arrives.

export const passwordMinLength = 8;
// Longer inputs only cost hashing time; no real password is longer.
export const passwordMaxLength = 128;

const passwordTooLong = `La password può contenere al massimo ${passwordMaxLength} caratteri`;
const weakPasswordMessage =
  "La password deve contenere almeno 8 caratteri, inclusi maiuscoli, minuscoli, numeri e caratteri speciali";

/** Lower case, upper case, a digit and a character that is neither a letter nor a digit. */
export function isStrongPassword(password: string): boolean {
  return /\p{Ll}/u.test(password) && /\p{Lu}/u.test(password) && /\d/.test(password) && /[^\p{L}\d]/u.test(password);
}

const email = z.string().trim().toLowerCase().max(254, "Email non valida").pipe(z.email("Email non valida"));

/** Both passwords typed: lets the match check run even while other fields are wrong, so every message shows at once. */
const bothPasswordsTyped = ({ value }: { value: unknown }) => {
  const input = value as { password?: unknown; confirmPassword?: unknown } | undefined;
  return typeof input?.password === "string" && typeof input.confirmPassword === "string";
};

// A checkbox sends "on" when ticked and nothing otherwise.
const ticked = (message: string) =>
  z.preprocess((value) => value === "on" || value === "true" || value === true, z.literal(true, message));

export const loginSchema = z.object({
  email,
  password: z.string().min(1, "La password è richiesta").max(passwordMaxLength, passwordTooLong),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(2, "Il nome deve contenere almeno 2 caratteri")
      .max(100, "Il nome può contenere al massimo 100 caratteri"),
    email,
    password: z
      .string()
      .min(passwordMinLength, "La password deve essere di almeno 8 caratteri")
      .max(passwordMaxLength, passwordTooLong)
      .refine(isStrongPassword, weakPasswordMessage),
    confirmPassword: z.string().min(passwordMinLength, "La password deve essere di almeno 8 caratteri"),
    termsAccepted: ticked("Devi accettare i Termini di Servizio"),
    privacyAccepted: ticked("Devi accettare l'Informativa sulla Privacy"),
  })
  .refine((input) => input.password === input.confirmPassword, {
    message: "Le password non corrispondono",
    path: ["confirmPassword"],
    when: bothPasswordsTyped,
  });
export type RegisterInput = z.infer<typeof registerSchema>;

/** The reset request and the "send the confirmation again" request: only an address. */
export const emailOnlySchema = z.object({ email });

export const invalidRecoveryToken = "Token di recupero non valido o mancante. Richiedi un nuovo link di reset.";

// A new password needs 8 characters; the strength rule of sign-up applies too, so that a
// reset cannot bring back a weak password. The recovery token travels apart (a cookie, see
// routes/reset-password.tsx); its absence reads invalidRecoveryToken.
export const newPasswordSchema = z
  .object({
    password: z
      .string()
      .min(passwordMinLength, "La password deve essere di almeno 8 caratteri.")
      .max(passwordMaxLength, passwordTooLong)
      .refine(isStrongPassword, weakPasswordMessage),
    confirmPassword: z.string(),
  })
  .refine((input) => input.password === input.confirmPassword, {
    message: "Le password non corrispondono.",
    path: ["confirmPassword"],
    when: bothPasswordsTyped,
  });

// The second factor of an admin's login, and its set-up.

/** The 6 digits of an authenticator app; spaces ("123 456", as some apps show it) are ignored. */
export const totpCodeSchema = z.object({
  code: z
    .string()
    .transform((code) => code.replace(/\s/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "Inserisci il codice di 6 cifre che mostra l'app")),
});

/** One of the recovery codes given at the set-up, such as "a1B2c-3D4e5". */
export const recoveryCodeSchema = z.object({
  code: z.string().trim().min(1, "Inserisci un codice di recupero").max(32, "Codice di recupero non valido"),
});

/** The password typed again before the second factor is set up. */
export const passwordConfirmationSchema = z.object({
  password: z.string().min(1, "La password è richiesta").max(passwordMaxLength, passwordTooLong),
});

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function isPlausibleBirthDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return (
    isoDate.test(value) &&
    !Number.isNaN(date.getTime()) &&
    date.toISOString().startsWith(value) &&
    value >= "1900-01-01" &&
    date.getTime() <= Date.now()
  );
}

const profileText = (min: number, message: string, max = 100) =>
  z.string().trim().min(min, message).max(max, `Massimo ${max} caratteri`);

/**
 * The profile form; field names are those of the user_profiles columns. The phone and the address
 * follow the checkout's rules (address/address.ts), so what the profile keeps the checkout accepts.
 */
export const profileSchema = z.object({
  first_name: profileText(2, "Nome richiesto"),
  last_name: profileText(2, "Cognome richiesto"),
  phone: phoneRule,
  address: addressRules.address,
  city: addressRules.city,
  postal_code: addressRules.postalCode,
  province: addressRules.province,
  country: profileText(2, "Paese richiesto"),
  // Optional: an empty field clears it.
  date_of_birth: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || isPlausibleBirthDate(value), "Data di nascita non valida"),
});
export type ProfileInput = z.infer<typeof profileSchema>;
