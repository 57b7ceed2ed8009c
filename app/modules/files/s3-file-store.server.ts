// The files in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Scaleway, OVH…), so every app
// instance sees the same images, renditions and labels. The bucket stays private: /files and /images
// read it through the app, and private files (labels) leave it only by presigned, expiring GET links.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
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
