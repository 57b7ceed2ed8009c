import { describe, expect, it } from "vitest";
import { confirmationEmail, confirmationLink, passwordResetEmail, passwordResetLink } from "./emails";

describe("account e-mails", () => {
  it("link to the shop's own pages on its public address", () => {
    expect(confirmationLink("https://negozio.example", "a.b+c")).toBe("https://negozio.example/auth?token=a.b%2Bc");
    expect(passwordResetLink("https://negozio.example", "xyz")).toBe(
      "https://negozio.example/reset-password?token=xyz",
    );
  });

  it("are in Italian, plain and HTML, greeting the customer by first name", () => {
    const confirmation = confirmationEmail(
      { email: "anna@example.it", firstName: "Anna" },
      "https://n.example/auth?token=t",
    );
    expect(confirmation.to).toBe("anna@example.it");
    expect(confirmation.subject).toMatch(/^Conferma il tuo indirizzo email/);
    expect(confirmation.text).toContain("Ciao Anna,");
    expect(confirmation.text).toContain("Conferma la tua email: https://n.example/auth?token=t");
    // Whoever signs up: no "registrato" that assumes a man.
    expect(confirmation.text).toContain("grazie per aver creato il tuo account");
    expect(confirmation.text).not.toMatch(/registrat[oa]\b/);
    expect(confirmation.html).toContain('href="https://n.example/auth?token=t"');

    const reset = passwordResetEmail(
      { email: "anna@example.it", firstName: "" },
      "https://n.example/reset-password?token=t",
    );
    expect(reset.subject).toMatch(/^Reimposta la tua password/);
    expect(reset.text).toContain("Ciao,");
    expect(reset.text).toContain("Reimposta la password: https://n.example/reset-password?token=t");
  });
});
