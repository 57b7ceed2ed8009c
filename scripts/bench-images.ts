// Image rendition benchmark. Starts the built app on a throwaway database and DATA_DIR, so it loads
// the demo data and images as a first `npm start` does, then times /shop and an already rendered
// image on one connection: alone; while 24 clients ask, as fast as they can, for that rendered image
// (the cost of their requests by themselves); and while the same 24 clients ask for renditions nobody
// has asked for yet (different images, widths and formats), from 24 addresses and then from one. The
// image loads are compared with the rendered-image load: the best the app can do under that traffic.
// See docs/decisions/0008-image-renditions.md.
//
// Environment: BENCH_DATABASE_URL (a PostgreSQL server on which a throwaway database is created;
// default: a throwaway embedded PostgreSQL), BUILD_DIR (the app build to serve; built first when
// missing, so rebuild after changing the app), BENCH_SECONDS (length of each phase, default 15).
import type { ChildProcess } from "node:child_process";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { buildDemoCatalog } from "../app/demo/catalog/catalog";
import { IMAGE_WIDTHS } from "../app/modules/files/responsive-images";
import { freePort } from "../server/free-port";
import {
  type BenchRow,
  ensureBuild,
  ms,
  openBenchWorkspace,
  percentile,
  printTable,
  seconds,
  startApp,
  stopProcess,
  waitUntilServing,
} from "./bench-support";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const phaseSeconds = Number(process.env.BENCH_SECONDS ?? 15);
const imageClients = 24;
// What Chromium sends for an <img>; the cheap image below is asked for in AVIF, as a browser would.
const browserAccept = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

type Answer = { status: number; cacheControl: string; ms: number };
type ImageRequest = { url: string; accept: string };
/** Hands out the next image to ask for, and takes back those answered with a stand-in: still not rendered. */
type ImageSource = { next: () => ImageRequest; notRendered: (request: ImageRequest) => void };
type Latencies = { p50: number; p95: number; count: number };
type Figures = { shop: Latencies; image: Latencies };
/** The running app, the connection the cheap requests are timed on, and the rendered image they ask for. */
type AppUnderTest = { port: number; agent: http.Agent; cachedImage: string };

const rows: BenchRow[] = [];

async function main(): Promise<void> {
  const workspace = await openBenchWorkspace("images");
  let server: ChildProcess | undefined;
  try {
    ensureBuild(buildDir);
    const port = await freePort();
    const started = performance.now();
    const dataDir = path.join(workspace.workDir, "data");
    // The clients below tell their address in X-Forwarded-For, as a proxy on this machine would.
    server = startApp({ port, databaseUrl: workspace.databaseUrl, dataDir, buildDir }, { TRUST_PROXY: "loopback" });
    await waitUntilServing(port, "/shop");
    rows.push({
      what: "first start on an empty database (migrations, demo data, images)",
      measured: seconds(performance.now() - started),
      ceiling: "",
      target: "",
      verdict: "",
    });

    const catalog = buildDemoCatalog();
    const app: AppUnderTest = {
      port,
      agent: new http.Agent({ keepAlive: true, maxSockets: 2 }),
      // The first product's card picture: rendered by the warm-up below if the seed did not already.
      cachedImage: `${catalog[0]?.images[0]?.path.replace(/^\/files\//, "/images/")}?w=320`,
    };
    for (let i = 0; i < 200; i++) await get(app, i % 2 ? "/shop" : app.cachedImage, { accept: browserAccept });

    const alone = await timeCheapRequests(app, () => sleep(phaseSeconds * 1000));
    addLatencyRows("alone", alone);
    const cachedLabel = `${imageClients} clients ask for an already rendered image`;
    const cachedRequest = { url: app.cachedImage, accept: browserAccept };
    const cachedLoad = await underLoad(app, imageClients, { next: () => cachedRequest, notRendered: () => {} });
    addLatencyRows(`while ${cachedLabel}`, cachedLoad.figures, { figures: alone, name: "alone" });
    addAnswersRow(cachedLoad.answers);

    const uncached = uncachedImageRequests(catalog);
    const newRenditions: ImageSource = {
      next: () => {
        const next = uncached.shift();
        if (!next) throw new Error("Ran out of new renditions to ask for");
        return next;
      },
      notRendered: (request) => uncached.push(request),
    };
    for (const addresses of [imageClients, 1]) {
      const label = `${imageClients} clients from ${addresses} address${addresses > 1 ? "es" : ""} ask for new renditions`;
      const loaded = await underLoad(app, addresses, newRenditions);
      addLatencyRows(`while ${label}`, loaded.figures, {
        figures: cachedLoad.figures,
        name: "rendered-image load",
        targetTimes: 2,
      });
      addAnswersRow(loaded.answers);
    }
    app.agent.destroy();
  } finally {
    printTable(
      `Image renditions: ${os.cpus().length} CPUs, Node ${process.version}, ${phaseSeconds} s per phase`,
      rows,
    );
    if (server) await stopProcess(server);
    await workspace.close();
  }
}

/** Every demo picture at every width in WebP and in PNG, shuffled: renditions nothing renders ahead of time (the seed renders AVIF only). */
function uncachedImageRequests(catalog: ReturnType<typeof buildDemoCatalog>): ImageRequest[] {
  const requests = catalog.flatMap((product) =>
    product.images.flatMap((image) =>
      IMAGE_WIDTHS.flatMap((width) =>
        ["image/webp,*/*", "image/png,*/*"].map((accept) => ({
          url: `${image.path.replace(/^\/files\//, "/images/")}?w=${width}`,
          accept,
        })),
      ),
    ),
  );
  // A fixed shuffle (Park–Miller generator), so every run asks for the same mix of small and large renditions.
  let seed = 42;
  for (let i = requests.length - 1; i > 0; i--) {
    seed = (seed * 48271) % 2147483647;
    const j = seed % (i + 1);
    [requests[i], requests[j]] = [requests[j] as (typeof requests)[number], requests[i] as (typeof requests)[number]];
  }
  return requests;
}

/** Times /shop and the cached image while `imageClients` clients ask for `images`; keeps their answers. */
async function underLoad(
  app: AppUnderTest,
  addresses: number,
  images: ImageSource,
): Promise<{ figures: Figures; answers: Answer[] }> {
  const answers: Answer[] = [];
  const figures = await timeCheapRequests(app, () => askForImages(app, images, addresses, answers));
  return { figures, answers };
}

/** What the image clients got: full renditions, stand-ins (answered no-cache), anything but a 200. */
function addAnswersRow(answers: Answer[]): void {
  const standIns = answers.filter((answer) => answer.cacheControl.includes("no-cache")).length;
  const failures = answers.filter((answer) => answer.status !== 200).length;
  const latencies = summarize(answers.map((answer) => answer.ms));
  rows.push({
    what: "  their answers: full · stand-ins · not 200",
    measured: `${answers.length - standIns - failures} · ${standIns} · ${failures}; p50 ${ms(latencies.p50)} · p95 ${ms(latencies.p95)}`,
    ceiling: "",
    target: "no errors",
    verdict: failures === 0 ? "ok" : "MISSED",
  });
}

/** `imageClients` connections, spread over `addresses` client addresses, each asking for the next image until the phase ends. */
async function askForImages(
  app: AppUnderTest,
  images: ImageSource,
  addresses: number,
  answers: Answer[],
): Promise<void> {
  const deadline = performance.now() + phaseSeconds * 1000;
  const agent = new http.Agent({ keepAlive: true, maxSockets: imageClients });
  const client = async (index: number) => {
    // The app trusts X-Forwarded-For from loopback (a local proxy), so each client may be a different visitor.
    const forwardedFor = `10.0.0.${(index % addresses) + 1}`;
    while (performance.now() < deadline) {
      const request = images.next();
      const answer = await get({ ...app, agent }, request.url, {
        accept: request.accept,
        "x-forwarded-for": forwardedFor,
      });
      if (answer.cacheControl.includes("no-cache")) images.notRendered(request);
      answers.push(answer);
    }
  };
  await Promise.all(Array.from({ length: imageClients }, (_, index) => client(index)));
  agent.destroy();
}

/** /shop and the cached image in turn on one connection, for one phase, while `load` runs beside them. */
async function timeCheapRequests(app: AppUnderTest, load: () => Promise<void>): Promise<Figures> {
  const shop: number[] = [];
  const image: number[] = [];
  const deadline = performance.now() + phaseSeconds * 1000;
  const timing = async () => {
    // Let the load build up before timing.
    await sleep(500);
    while (performance.now() < deadline) {
      const page = await get(app, "/shop", { accept: "text/html" });
      if (page.status !== 200) throw new Error(`/shop answered ${page.status}`);
      shop.push(page.ms);
      const picture = await get(app, app.cachedImage, { accept: browserAccept });
      if (picture.status !== 200) throw new Error(`${app.cachedImage} answered ${picture.status}`);
      image.push(picture.ms);
    }
  };
  await Promise.all([load(), timing()]);
  return { shop: summarize(shop), image: summarize(image) };
}

function sleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

function summarize(values: number[]): Latencies {
  return { p50: percentile(values, 50), p95: percentile(values, 95), count: values.length };
}

/** One row each for /shop and the cached image; with a ceiling, its figures beside, and a target of `targetTimes` its p95. */
function addLatencyRows(
  label: string,
  measured: Figures,
  ceiling?: { figures: Figures; name: string; targetTimes?: number },
): void {
  for (const [what, key] of [
    ["/shop", "shop"],
    ["cached image", "image"],
  ] as const) {
    const limit = ceiling?.targetTimes ? ceiling.targetTimes * ceiling.figures[key].p95 : null;
    rows.push({
      what: `${what}, ${label} (${measured[key].count} req)`,
      measured: `p50 ${ms(measured[key].p50)} · p95 ${ms(measured[key].p95)}`,
      ceiling: ceiling
        ? `p50 ${ms(ceiling.figures[key].p50)} · p95 ${ms(ceiling.figures[key].p95)} (${ceiling.name})`
        : "",
      target: limit ? `p95 ≤ ${ceiling?.targetTimes}× ceiling` : "",
      verdict: limit ? (measured[key].p95 <= limit ? "ok" : "MISSED") : "",
    });
  }
}

function get(
  { agent, port }: { agent: http.Agent; port: number },
  url: string,
  headers: Record<string, string>,
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: "127.0.0.1", port, path: url, agent, headers: { "accept-encoding": "gzip", ...headers } },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            cacheControl: String(response.headers["cache-control"] ?? ""),
            ms: performance.now() - started,
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
