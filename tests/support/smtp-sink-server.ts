// The e-mail inbox of the Playwright run: an SMTP server the app sends to, and a small HTTP API
// (GET /messages, DELETE /messages) the journeys read it through.
import http from "node:http";
import { startSmtpSink } from "./smtp-sink";

const smtpPort = Number(process.env.SINK_SMTP_PORT ?? 2525);
const httpPort = Number(process.env.SINK_HTTP_PORT ?? 2526);

const sink = await startSmtpSink(smtpPort);
const server = http.createServer((request, response) => {
  if (request.url === "/messages" && request.method === "GET") {
    response.setHeader("Content-Type", "application/json");
    response.end(JSON.stringify(sink.messages));
  } else if (request.url === "/messages" && request.method === "DELETE") {
    sink.messages.length = 0;
    response.end();
  } else if (request.url === "/health") {
    response.end("ok");
  } else {
    response.statusCode = 404;
    response.end();
  }
});
server.listen(httpPort, "127.0.0.1");

const stop = async () => {
  server.close();
  await sink.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
