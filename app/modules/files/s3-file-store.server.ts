// The files in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Scaleway, OVH…), so every app
// instance sees the same images, renditions and labels. The bucket stays private: /files and /images
// read it through the app, and private files (labels) leave it only by presigned, expiring GET links.
import { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { checkedFileKey, type FileStore } from "./file-store";
import { checkedDownloadName } from "./signed-file-links.server";

export type S3Settings = {
  bucket: string;
  region: string;
  /** The service's address when it is not AWS (https://<account>.r2.cloudflarestorage.com, http://minio:9000…). */
  endpoint: string | undefined;
  /** Unset: the SDK's own chain (environment, instance role…). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Bucket in the path (endpoint/bucket/key) rather than in the host name: MinIO and most local servers. */
  forcePathStyle: boolean;
};

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404);
}

/**
 * A stream's bytes in parts of at least `size` bytes (the last one smaller), each held alone in
 * memory: S3's multipart upload takes parts of 5 MiB or more.
 */
export async function* inParts(source: AsyncIterable<Uint8Array>, size: number): AsyncGenerator<Buffer> {
  let chunks: Uint8Array[] = [];
  let held = 0;
  for await (const chunk of source) {
    chunks.push(chunk);
    held += chunk.length;
    if (held >= size) {
      yield Buffer.concat(chunks);
      chunks = [];
      held = 0;
    }
  }
  if (held > 0 || chunks.length === 0) yield Buffer.concat(chunks);
}

const partBytes = 8 * 1024 * 1024;

export function s3FileStore(settings: S3Settings): FileStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    credentials: settings.credentials,
    forcePathStyle: settings.forcePathStyle,
  });
  const Bucket = settings.bucket;
  const keyOf = (key: string) => checkedFileKey(key).join("/");
  return {
    name: "s3",
    async put(key, bytes, contentType) {
      // One PUT: the object appears whole or not at all.
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: bytes, ContentType: contentType }));
    },
    async putStream(key, source, contentType) {
      const Key = keyOf(key);
      const parts = inParts(source, partBytes);
      const first = (await parts.next()).value as Buffer;
      const second = await parts.next();
      if (second.done) {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: first, ContentType: contentType }));
        return;
      }
      // Larger than one part: a multipart upload, which shows the object only once it is complete.
      const { UploadId } = await client.send(
        new CreateMultipartUploadCommand({ Bucket, Key, ContentType: contentType }),
      );
      try {
        const uploaded: { ETag: string | undefined; PartNumber: number }[] = [];
        const upload = async (Body: Buffer) => {
          const PartNumber = uploaded.length + 1;
          const { ETag } = await client.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body }));
          uploaded.push({ ETag, PartNumber });
        };
        await upload(first);
        await upload(second.value);
        for await (const part of parts) await upload(part);
        await client.send(
          new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: uploaded } }),
        );
      } catch (error) {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => {});
        throw error;
      }
    },
    async readStream(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        return (answer.Body as Readable | undefined) ?? Readable.from([]);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async read(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        return answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      // Deleting a missing object succeeds in S3, as the interface asks.
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async exists(key) {
      return (await this.stat(key)) !== null;
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async list(prefix) {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys.sort();
    },
    async listNames(folder) {
      const names = new Set<string>();
      let ContinuationToken: string | undefined;
      do {
        // With a delimiter the bucket answers each sub-folder once (CommonPrefixes), not its objects.
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: folder, Delimiter: "/", ContinuationToken }),
        );
        for (const object of page.Contents ?? []) if (object.Key) names.add(object.Key.slice(folder.length));
        for (const common of page.CommonPrefixes ?? []) {
          if (common.Prefix) names.add(common.Prefix.slice(folder.length, -1));
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return [...names].sort();
    },
    async signedUrl(key, { expiresInSeconds, downloadName, now }) {
      const name = checkedDownloadName(key, downloadName);
      const command = new GetObjectCommand({
        Bucket,
        Key: keyOf(key),
        // The bucket answers with the name and a no-store, as the app's own signed links do.
        ResponseContentDisposition: `inline; filename="${name}"`,
        ResponseCacheControl: "private, no-store",
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds, signingDate: now ?? new Date() });
    },
  };
}
