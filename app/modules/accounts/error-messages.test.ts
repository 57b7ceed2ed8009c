import { describe, expect, it } from "vitest";
import { loginErrorMessage, registrationErrorMessage } from "./error-messages";

describe("loginErrorMessage", () => {
  it("says the spec's words for wrong credentials and an unconfirmed address", () => {
    expect(loginErrorMessage({ code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" })).toBe(
      "Email o password non validi",
    );
    expect(loginErrorMessage({ code: "EMAIL_NOT_VERIFIED", message: "Email not verified" })).toBe(
      "Email non confermata. Per favore controlla la tua casella email",
    );
  });

  it("shows other messages as they are, known codes in Italian, and a default for the unexpected", () => {
    expect(loginErrorMessage({ code: "SOMETHING_NEW", message: "Something new" })).toBe("Something new");
    expect(loginErrorMessage({ code: "PASSWORD_TOO_LONG", message: "Password too long" })).toBe(
      "La password è troppo lunga",
    );
    expect(loginErrorMessage(undefined)).toBe("Si è verificato un errore durante il login");
  });
});

describe("registrationErrorMessage", () => {
  it("says an address is taken, otherwise the default", () => {
    expect(registrationErrorMessage({ code: "USER_ALREADY_EXISTS", message: "User already exists." })).toBe(
      "Esiste già un account con questa email",
    );
    expect(registrationErrorMessage({ code: "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" })).toBe(
      "Esiste già un account con questa email",
    );
    expect(registrationErrorMessage({ code: "FAILED_TO_CREATE_USER", message: "Failed to create user" })).toBe(
      "Si è verificato un errore durante la registrazione",
    );
    expect(registrationErrorMessage(undefined)).toBe("Si è verificato un errore durante la registrazione");
  });
});
