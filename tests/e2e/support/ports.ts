// E2E_PORT moves the whole Playwright run (app, its database, the mail sink) so two runs can share a machine.
export const appPort = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${appPort}`;
export const sinkSmtpPort = appPort + 1;
export const sinkHttpPort = appPort + 2;
export const sinkHttpUrl = `http://127.0.0.1:${sinkHttpPort}`;
export const databasePort = appPort + 3;
