// Admins log in in two steps: the password, then a code of their authenticator app. The first time,
// the second step is setting the app up. Shared by the login action and the login form.

/** Where a login goes on after a correct password: the code, or (for a new admin) the app's set-up. */
export type SecondStep = "code" | "setup";

const secondStepPages: Record<SecondStep, string> = {
  code: "/auth/codice",
  setup: "/auth/attiva-due-passaggi",
};

/** The page of `step`, which lands on `redirectTo` once done. */
export function secondStepPath(step: SecondStep, redirectTo: string): string {
  return `${secondStepPages[step]}?${new URLSearchParams({ redirectTo })}`;
}

/** Minutes without a request after which an admin's session ends (customers keep theirs for 30 days). */
export const adminIdleMinutes = 30;
