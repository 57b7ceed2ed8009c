import { hash, verify } from "@node-rs/argon2";

// argon2id (the library's default algorithm) with OWASP's minimum settings: 19 MiB, 2 passes, 1 thread.
const argon2idOptions = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** A PHC string such as "$argon2id$v=19$m=19456,t=2,p=1$…", salt included. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2idOptions);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // Not an argon2 hash at all: no password matches it.
    return false;
  }
}
