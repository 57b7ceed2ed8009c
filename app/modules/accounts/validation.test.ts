import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/modules/forms/action-result";
import {
  emailOnlySchema,
  isStrongPassword,
  loginSchema,
  newPasswordSchema,
  profileSchema,
  registerSchema,
} from "./validation";

const errorsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);

describe("loginSchema", () => {
  it("wants a valid e-mail and a password", () => {
    expect(errorsOf(loginSchema.safeParse({ email: "anna@", password: "" }))).toEqual({
      email: "Email non valida",
      password: "La password è richiesta",
    });
  });

  it("trims and lower-cases the address", () => {
    expect(loginSchema.parse({ email: "  Anna@Example.IT ", password: "x" }).email).toBe("anna@example.it");
  });
});

describe("registerSchema", () => {
  const valid = {
    name: "Anna Neri",
    email: "anna@example.it",
    password: "Segreta#2024",
    confirmPassword: "Segreta#2024",
    termsAccepted: "on",
    privacyAccepted: "on",
  };

  it("accepts a complete registration, turning the checkboxes into booleans", () => {
    expect(registerSchema.parse(valid)).toMatchObject({ termsAccepted: true, privacyAccepted: true });
  });

  it("gives the spec's message for each rule", () => {
    expect(
      errorsOf(registerSchema.safeParse({ name: " A ", email: "no", password: "Ab1!", confirmPassword: "Ab1!" })),
    ).toEqual({
      name: "Il nome deve contenere almeno 2 caratteri",
      email: "Email non valida",
      password: "La password deve essere di almeno 8 caratteri",
      confirmPassword: "La password deve essere di almeno 8 caratteri",
      termsAccepted: "Devi accettare i Termini di Servizio",
      privacyAccepted: "Devi accettare l'Informativa sulla Privacy",
    });
  });

  it.each(["segreta#2024", "SEGRETA#2024", "Segreta#abcd", "Segreta12024"])(
    "refuses the weak password %s",
    (password) => {
      expect(errorsOf(registerSchema.safeParse({ ...valid, password, confirmPassword: password }))).toEqual({
        password:
          "La password deve contenere almeno 8 caratteri, inclusi maiuscoli, minuscoli, numeri e caratteri speciali",
      });
    },
  );

  it("shows a mismatch on the confirmation field, also while other fields are wrong", () => {
    expect(errorsOf(registerSchema.safeParse({ ...valid, confirmPassword: "Segreta#2025" }))).toEqual({
      confirmPassword: "Le password non corrispondono",
    });
    expect(
      errorsOf(registerSchema.safeParse({ ...valid, termsAccepted: undefined, confirmPassword: "Segreta#2025" })),
    ).toEqual({
      confirmPassword: "Le password non corrispondono",
      termsAccepted: "Devi accettare i Termini di Servizio",
    });
  });
});

describe("isStrongPassword", () => {
  it("counts letters with accents and any symbol", () => {
    expect(isStrongPassword("Perché1 sì")).toBe(true);
    expect(isStrongPassword("Àncora99!")).toBe(true);
    expect(isStrongPassword("Ancora99")).toBe(false);
  });
});

describe("emailOnlySchema", () => {
  it("wants a valid address", () => {
    expect(errorsOf(emailOnlySchema.safeParse({ email: "x@" }))).toEqual({ email: "Email non valida" });
  });
});

describe("newPasswordSchema", () => {
  it("gives the reset page's messages", () => {
    expect(errorsOf(newPasswordSchema.safeParse({ password: "Ab1!", confirmPassword: "Ab1!x" }))).toEqual({
      password: "La password deve essere di almeno 8 caratteri.",
      confirmPassword: "Le password non corrispondono.",
    });
    expect(newPasswordSchema.safeParse({ password: "Nuova#2024", confirmPassword: "Nuova#2024" }).success).toBe(true);
  });
});

describe("profileSchema", () => {
  const valid = {
    first_name: "Anna",
    last_name: "Neri",
    phone: "0172 123456",
    address: "Via Roma 1",
    city: "Fossano",
    postal_code: "12045",
    province: "CN",
    country: "Italia",
    date_of_birth: "",
  };

  it("treats an empty date of birth as none", () => {
    expect(profileSchema.parse(valid).date_of_birth).toBeNull();
    expect(profileSchema.parse({ ...valid, date_of_birth: "1990-05-17" }).date_of_birth).toBe("1990-05-17");
  });

  it("gives the spec's message for each minimum", () => {
    expect(
      errorsOf(
        profileSchema.safeParse({
          first_name: "A",
          last_name: " ",
          phone: "12345",
          address: "Via",
          city: "F",
          postal_code: "1204",
          province: "",
          country: "I",
        }),
      ),
    ).toEqual({
      first_name: "Nome richiesto",
      last_name: "Cognome richiesto",
      phone: "Numero di telefono richiesto",
      address: "Indirizzo richiesto",
      city: "Città richiesta",
      postal_code: "CAP richiesto",
      province: "Provincia richiesta",
      country: "Paese richiesto",
    });
  });

  it.each(["2999-01-01", "1990-02-30", "17/05/1990", "1850-01-01"])("refuses the date of birth %s", (date) => {
    expect(errorsOf(profileSchema.safeParse({ ...valid, date_of_birth: date }))).toEqual({
      date_of_birth: "Data di nascita non valida",
    });
  });
});
