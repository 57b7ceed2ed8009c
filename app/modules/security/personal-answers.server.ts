import { AsyncLocalStorage } from "node:async_hooks";

// Whether the answer being made for a request shows something of its visitor. Whoever reads the
// visitor's own data marks it (the session reader does, for every page of a signed-in visitor, since
// the header names them), and the server sends every marked answer as `Cache-Control: private,
// no-store` (server/request-guards.ts), so no list of personal pages can forget a new one.

type Answer = { personal: boolean };

// The Node server and the app bundle it loads are separate module instances: one store for both.
const slot = globalThis as typeof globalThis & { __vetrinaAnswers?: AsyncLocalStorage<Answer> };
slot.__vetrinaAnswers ??= new AsyncLocalStorage<Answer>();
const answers = slot.__vetrinaAnswers;

/** Runs `work` (serving one request) with `answer`, which markAnswerPersonal sets through all its awaits. */
export function inAnswerScope<T>(answer: Answer, work: () => T): T {
  return answers.run(answer, work);
}

/** The answer of the request being served shows the visitor's own data: never to be stored by a cache. */
export function markAnswerPersonal(): void {
  const answer = answers.getStore();
  if (answer) answer.personal = true;
}
