// A local S3-compatible server for tests: s3rver (S3's API over a temporary folder), in this process.
// s3rver checks a presigned link's expiry but not its SigV4 signature, so a check runs in front of it
// that signs the link's request again with the same credentials and refuses it (403, as S3 does) when
// the signature differs: a forged signature, or a link moved to another key, name or expiry.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import S3rver from "s3rver";
import type { S3Settings } from "../../app/modules/files/s3-file-store.server";

// s3rver's one account.
const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export type LocalS3 = { settings: S3Settings; stop(): Promise<void> };

/** Starts s3rver on a free port of 127.0.0.1 with one empty bucket; `settings` reach it as the shop would. */
export async function startLocalS3(bucket = "vetrina-test"): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), "vetrina-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  let signer: S3Client | undefined;

  server.middleware.unshift(async (ctx, next) => {
    const given = ctx.query["X-Amz-Signature"];
    if (ctx.method !== "GET" || typeof given !== "string") return next();
    const text = (name: string) => (typeof ctx.query[name] === "string" ? (ctx.query[name] as string) : undefined);
    const [, linkBucket = "", ...keySegments] = ctx.path.split("/");
    const date = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text("X-Amz-Date") ?? "");
    const expected =
      date && signer
        ? await getSignedUrl(
            signer,
            new GetObjectCommand({
              Bucket: decodeURIComponent(linkBucket),
              Key: keySegments.map(decodeURIComponent).join("/"),
              ResponseContentDisposition: text("response-content-disposition"),
              ResponseCacheControl: text("response-cache-control"),
            }),
            {
              expiresIn: Number(text("X-Amz-Expires")),
              signingDate: new Date(`${date[1]}-${date[2]}-${date[3]}T${date[4]}:${date[5]}:${date[6]}Z`),
            },
          )
        : "";
    if (new URL(expected || "http://x").searchParams.get("X-Amz-Signature") !== given) {
      ctx.status = 403;
      ctx.type = "application/xml";
      ctx.body = "<Error><Code>SignatureDoesNotMatch</Code></Error>";
      return;
    }
    return next();
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = { bucket, region: "eu-south-1", endpoint, credentials, forcePathStyle: true };
  signer = new S3Client({ region: settings.region, endpoint, credentials, forcePathStyle: true });
  return {
    settings,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
